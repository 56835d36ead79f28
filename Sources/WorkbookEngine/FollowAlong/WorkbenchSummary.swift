/// What `--mine` runs against: which components are the reader's and which the library's,
/// printed before the build.
package enum WorkbenchSummary {
    /// Every component the reader has written (each replaces the library's in every
    /// chapter) and the selected chapters' components still the library's.
    package static func line(
        for selected: [ChapterFile], exercises: [Exercise], workbench: Workbench
    ) -> String {
        let numbers = Set(selected.map(\.number))
        let components = exercises.flatMap { exercise in
            exercise.components.map { (chapter: exercise.chapter, component: $0) }
        }
        let yours = components.filter { workbench.hasStarted($0.component) }
        let library = components.filter {
            numbers.contains($0.chapter) && !workbench.hasStarted($0.component)
        }
        func list(_ entries: [(chapter: String, component: ExerciseComponent)]) -> String {
            entries.isEmpty
                ? "none"
                : entries.map { "\($0.component.name) (\($0.chapter))" }.joined(separator: ", ")
        }
        return
            "Against your \(Workbench.folder)/: yours: \(list(yours)); the library's: \(list(library))"
    }
}
