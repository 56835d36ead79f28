import ArgumentParser
import Foundation
import WorkbookEngine

/// What `--mine` runs against: which components are the reader's and which the library's.
enum MineSummary {
    /// Fails with a pointer to `workbook exercise` when there is no workbench yet, and
    /// restores the glue if the reader deleted it.
    static func check(root: URL) throws {
        let workbench = Workbench(root: root)
        guard workbench.exists else {
            FileHandle.standardError.write(
                Data(
                    "error: no \(Workbench.folder)/ folder yet: `swift run workbook exercise NN` starts one\n"
                        .utf8))
            throw ExitCode.failure
        }
        do {
            try workbench.writeGlue()
        } catch let error as DiagnosticList {
            report(error.diagnostics)
            throw ExitCode.failure
        }
    }

    /// Prints, before the build, every component the reader has written (each replaces
    /// the library's in every chapter) and the selected chapters' components still the
    /// library's.
    static func print(for selected: [ChapterFile], root: URL) throws {
        let exercises = try ExerciseCommand.exercises(root: root)
        let workbench = Workbench(root: root)
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
        Swift.print(
            "Against your \(Workbench.folder)/: yours: \(list(yours)); the library's: \(list(library))"
        )
    }
}
