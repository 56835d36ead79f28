import ArgumentParser
import Foundation
import WorkbookEngine

/// `workbook progress`: where the reader stands, component by component, and what next.
struct ProgressCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "progress",
        abstract: "Show, per chapter and component, whether yours is passing; and the next step.",
        discussion: """
            Runs the chapters whose components you have started against your Workbench/ \
            (as `workbook test --mine` does, quietly), then prints a table: not started, \
            failing (n of m tests pass), does not compile, or passing, and the next step.

            Examples:
              swift run workbook progress
            """
    )

    @OptionGroup var options: WorkbookOptions

    @Option(help: "Seconds each test may run before its process group is killed.")
    var timeout: Double = 30

    func run() throws {
        let root = options.rootURL
        let exercises = try ExerciseCommand.exercises(root: root)
        let workbench = Workbench(root: root)
        let started = exercises.filter { $0.components.contains(where: workbench.hasStarted) }
        var reports: [String: ChapterReport] = [:]
        var workbenchBuilds = true
        if !started.isEmpty {
            var arguments = started.map(\.chapter) + ["--mine", "--timeout", "\(timeout)"]
            arguments += ["--root", root.path]
            let test = try TestCommand.parse(arguments)
            do {
                for report in try test.execute(quiet: true).reports {
                    reports[report.file.number] = report
                }
            } catch {
                workbenchBuilds = false
            }
        }

        var rows: [[String]] = []
        var next: String?
        for exercise in exercises {
            let report = reports[exercise.chapter]
            for component in exercise.components {
                let state: String
                if !workbench.hasStarted(component) {
                    state = "not started"
                    next = next ?? "swift run workbook exercise \(exercise.chapter)"
                } else if !workbenchBuilds {
                    state = "Workbench/ does not compile"
                    next = next ?? "swift run workbook test \(exercise.chapter) --mine"
                } else if let report, report.notRunReason != nil {
                    state = "chapter does not compile against it"
                    next = next ?? "swift run workbook test \(exercise.chapter) --mine"
                } else if let report, report.succeeded {
                    state = "passing (\(report.passedCount) of \(report.declared.count) tests)"
                } else if let report {
                    state =
                        "failing (\(report.passedCount) of \(report.declared.count) tests pass)"
                    next =
                        next
                        ?? "swift run workbook test \(exercise.chapter) --mine   (stuck? swift run workbook hint \(exercise.chapter))"
                } else {
                    state = "not run"
                }
                rows.append([exercise.chapter, component.name, state])
            }
        }
        print(Self.table(["Chapter", "Component", "State"], rows))
        print("\nNext: \(next ?? "every component passes its chapter. Well done.")")
    }

    /// A plain left-aligned table.
    static func table(_ header: [String], _ rows: [[String]]) -> String {
        let all = [header] + rows
        let widths = header.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
        return all.map { row in
            row.enumerated().map { column, cell in
                column == row.count - 1
                    ? cell : cell.padding(toLength: widths[column], withPad: " ", startingAt: 0)
            }.joined(separator: "  ")
        }.joined(separator: "\n")
    }
}
