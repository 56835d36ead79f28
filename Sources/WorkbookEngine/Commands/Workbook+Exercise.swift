/// What `workbook exercise NN` does with the chapter's exercise.
package enum ExerciseAction: Equatable, Sendable {
    /// Writes the starters into the reader's `Workbench/ChapterNN/`.
    case start
    /// Writes the library's code (the reference solution) there instead.
    case solution
    /// Sets the reader's `Workbench/ChapterNN` aside, uncompiled.
    case park
    /// Brings a parked folder back.
    case unpark
}

/// What `workbook exercise NN` did.
package struct ExerciseOutcome: Equatable, Sendable {
    /// What happened on disk: which action, and the paths it touched (relative to the root),
    /// so that the next step told to the reader follows from it.
    package enum Change: Equatable, Sendable {
        /// The starters were written (`start`): these files.
        case started([String])
        /// The library's code was written (`solution`): these files.
        case tookSolution([String])
        /// The chapter's folder was set aside (`park`).
        case parked(from: String, to: String)
        /// The chapter's parked folder came back (`unpark`).
        case unparked(from: String, to: String)
    }

    /// The chapter's exercise.
    package let exercise: Exercise
    /// What changed.
    package let change: Change
    /// With `solution`: the reader's own components of other chapters that the solution
    /// names, which replace the library's it was written against.
    package var replaced: [ExerciseComponent] = []
    /// With `start` and `solution`: the reader's unwritten components the chapter uses
    /// (``WorkbenchSummary/warnings(for:exercises:workbench:sources:)``).
    package var warnings: [String] = []
}

extension Workbook {
    /// `workbook exercise`: finds the exercise of the chapter `selector` names and does
    /// `action` with it in the reader's workbench. A chapter that builds no component of
    /// its own is an error naming those that do.
    package func exercise(_ selector: String, _ action: ExerciseAction)
        throws(WorkbookError) -> ExerciseOutcome
    {
        let chapter = try chapter(selector)
        let exercises = try exercises()
        guard let exercise = exercises.first(where: { $0.chapter == chapter.file.number }) else {
            let numbered = exercises.map(\.chapter).joined(separator: ", ")
            throw .failed(
                "chapter \(chapter.file.number) builds no component of its own; chapters with an exercise: \(numbered)"
            )
        }
        let workbench = Workbench(root: root)
        do {
            switch action {
            case .park:
                let moved = try workbench.park(exercise)
                return ExerciseOutcome(
                    exercise: exercise, change: .parked(from: exercise.workbenchFolder, to: moved))
            case .unpark:
                let moved = try workbench.unpark(exercise)
                return ExerciseOutcome(
                    exercise: exercise,
                    change: .unparked(from: workbench.parkedFolder(of: exercise), to: moved))
            case .start, .solution:
                let solution = action == .solution
                let created = try workbench.start(exercise, solution: solution)
                var outcome = ExerciseOutcome(
                    exercise: exercise,
                    change: solution ? .tookSolution(created) : .started(created))
                // The workbench as it is now, with the new files: read once for both.
                let sources = workbench.sources
                if solution {
                    outcome.replaced = workbench.replacedComponents(
                        usedBy: exercise, among: exercises, in: sources)
                }
                outcome.warnings = WorkbenchSummary.warnings(
                    for: chapter, exercises: exercises, workbench: workbench, sources: sources)
                return outcome
            }
        } catch {
            throw .invalid(error.diagnostics)
        }
    }
}
