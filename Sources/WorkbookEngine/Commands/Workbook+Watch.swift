import Foundation

/// What `workbook watch` tells as it goes, for the command line to show.
package enum WatchEvent: Equatable, Sendable {
    /// A run starts: what follows belongs to it (the command line clears the screen).
    case starting
    /// The run finished: its report.
    case ran(TestRun)
    /// The run stopped before its tests ran: why.
    case stopped(TestPipelineError)
    /// The run is over and watch waits for a save: how it ended and how long it took.
    case waiting(WatchVerdict, seconds: Double)
}

/// How a run of `workbook watch` ended.
package enum WatchVerdict: Equatable, Sendable {
    /// Every chosen test passed (and `--update` refused nothing).
    case passed
    /// The run's report shows failures.
    case failed
    /// The pipeline stopped before the tests ran (the reason was told).
    case stopped
}

extension Workbook {
    /// `workbook watch`: runs `request` as `workbook test` does, then again after every
    /// save under the folders a reader edits, telling `report` each step; it returns only
    /// when the process is stopped (Ctrl-C, through `ChildGroups`). `log` gets the lines
    /// shown before each build. Throws only when no pipeline can be made; a run that stops
    /// is reported and the next save tries again.
    package func watch(
        _ request: TestRequest, log: @escaping (String) -> Void,
        report: (WatchEvent) -> Void
    ) throws(TestPipelineError) {
        let pipeline = try TestPipeline.live(root: root, log: log)
        // Armed before the first run: a save during any run triggers the next one.
        let watcher = FileWatcher(folders: Workbench(root: root).watchedFolders)
        Self.watch(
            run: { () throws(TestPipelineError) in try pipeline.run(request) }, report: report,
            waitForChange: {
                watcher.waitForChange()
                return true
            })
    }

    /// The loop of ``watch(_:log:report:)``: a run, its verdict, then the next after
    /// `waitForChange` returns, until it returns false.
    static func watch(
        run: () throws(TestPipelineError) -> TestRun, report: (WatchEvent) -> Void,
        waitForChange: () -> Bool
    ) {
        repeat {
            report(.starting)
            let start = Date()
            let verdict: WatchVerdict
            do {
                let run = try run()
                report(.ran(run))
                verdict = run.succeeded ? .passed : .failed
            } catch {
                report(.stopped(error))
                verdict = .stopped
            }
            report(.waiting(verdict, seconds: Date().timeIntervalSince(start)))
        } while waitForChange()
    }
}
