import Foundation

/// Where the reader stands, component by component (`workbook progress`): the chapters
/// whose components the reader has started run against their `Workbench/`, quietly, and
/// each component gets a state and the reader one next step.
package struct Progress: Equatable, Sendable {
    /// One component's line.
    struct Row: Equatable, Sendable {
        /// The chapter number, e.g. `03`.
        let chapter: String
        /// The component, e.g. `CustomSubject`.
        let component: String
        /// Not started, failing (n of m), does not compile, passing…
        let state: String
    }

    /// Every component of every exercise, in chapter order.
    var rows: [Row] = []
    /// The command to run next; `nil` when every component passes.
    var next: String?
    /// Why the reader's workbench did not build, when it did not.
    package var buildFailure: BuildFailure?
    /// Every file compiled from `Workbench/` (the glue left out).
    var compiled: [String] = []
    /// The folders under `Workbench/Parked/`, which are not compiled.
    var parked: [String] = []

    /// Runs the started chapters through `pipeline` (against the workbench, quietly) and
    /// states each component of `exercises`.
    static func measure(
        exercises: [Exercise], workbench: Workbench, pipeline: TestPipeline, timeout: Double
    ) throws(TestPipelineError) -> Progress {
        // Read once: the table and the run against the workbench both use this reading.
        let reading = WorkbenchReading(exercises: exercises, workbench: workbench)
        let sources = reading.sources
        let started = exercises.filter {
            $0.components.contains { workbench.isYours($0, in: sources) }
        }
        var reports: [String: ChapterReport] = [:]
        var progress = Progress()
        progress.compiled = sources.files.map(\.path)
        progress.parked = reading.parked
        if !started.isEmpty {
            var request = TestRequest(
                chapters: started.map(\.chapter), mine: true, timeout: timeout)
            request.workbench = reading
            do {
                let run = try pipeline.run(request)
                for report in run.reports {
                    reports[report.file.number] = report
                }
            } catch .buildFailed(let failure, _) {
                progress.buildFailure = failure
            }
        }
        for exercise in exercises {
            let report = reports[exercise.chapter]
            for component in exercise.components {
                let state = progress.state(
                    of: component, in: exercise, report: report, workbench: workbench,
                    sources: sources, workbenchBuilds: progress.buildFailure == nil)
                progress.rows.append(
                    Row(chapter: exercise.chapter, component: component.name, state: state))
            }
        }
        return progress
    }

    /// The state of `component`, noting the first next step on the way.
    private mutating func state(
        of component: ExerciseComponent, in exercise: Exercise, report: ChapterReport?,
        workbench: Workbench, sources: WorkbenchSources, workbenchBuilds: Bool
    ) -> String {
        let chapter = exercise.chapter
        if !workbench.isYours(component, in: sources) {
            if workbench.hasFile(component) {
                let names = component.namesToDeclare
                next = next ?? "declare public \(names) in \(component.workbenchPath)"
                return "not yours: \(component.workbenchPath) declares no public \(names)"
            }
            if parked.contains(workbench.parkedFolder(of: exercise)) {
                return "parked (the library's is used): exercise \(chapter) --unpark"
            }
            next = next ?? "swift run workbook exercise \(chapter)"
            return "not started"
        }
        if !workbenchBuilds {
            next = next ?? "swift run workbook test \(chapter) --mine"
            return "Workbench/ does not compile"
        }
        guard let report else { return "not run" }
        if report.notRunReason != nil {
            next = next ?? "swift run workbook test \(chapter) --mine"
            return "chapter does not compile against it"
        }
        if report.succeeded {
            return "passing (\(report.passedCount) of \(report.declared.count) tests)"
        }
        next =
            next
            ?? "swift run workbook test \(chapter) --mine   (stuck? swift run workbook hint \(chapter))"
        return "failing (\(report.passedCount) of \(report.declared.count) tests pass)"
    }

    /// The table and the next step, as `workbook progress` prints them.
    package func render() -> String {
        let header = ["Chapter", "Component", "State"]
        let all = [header] + rows.map { [$0.chapter, $0.component, $0.state] }
        let widths = header.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
        let table = all.map { row in
            row.enumerated().map { column, cell in
                column == row.count - 1
                    ? cell : cell.padding(toLength: widths[column], withPad: " ", startingAt: 0)
            }.joined(separator: "  ")
        }.joined(separator: "\n")
        let files = compiled.isEmpty ? "nothing" : compiled.joined(separator: ", ")
        var footer = "\n\nCompiled from \(Workbench.folder)/ by --mine: \(files)"
        if !parked.isEmpty { footer += "\nParked, not compiled: " + parked.joined(separator: ", ") }
        return table + footer
            + "\n\nNext: \(next ?? "every component passes its chapter. Well done.")\n"
    }
}
