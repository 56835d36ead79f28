import Foundation

/// The reader's workbench as a command read it: the exercises, the files `--mine` compiles
/// from `Workbench/` and the parked folders. `workbook progress` reads it once, and both
/// its table and the run it starts (``TestRequest/workbench``) use that reading, so what
/// the run says it is against never disagrees with the table.
struct WorkbenchReading: Equatable, Sendable {
    /// The exercises (``ExerciseCatalog``).
    let exercises: [Exercise]
    /// The files compiled from `Workbench/`.
    let sources: WorkbenchSources
    /// The folders under `Workbench/Parked/`, which are not compiled.
    let parked: [String]

    /// Reads the files and parked folders of `workbench`, for `exercises`.
    init(exercises: [Exercise], workbench: Workbench) {
        self.init(
            exercises: exercises, sources: workbench.sources,
            parked: WorkbenchSources.parked(root: workbench.root))
    }

    /// A reading made of its parts.
    init(exercises: [Exercise], sources: WorkbenchSources, parked: [String]) {
        self.exercises = exercises
        self.sources = sources
        self.parked = parked
    }
}
