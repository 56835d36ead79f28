import XCTest

@testable import WorkbookEngine

/// `workbook watch`'s loop (``Workbook/watch(run:report:waitForChange:)``): every run is
/// announced, reported or stopped, and followed by its verdict; a run that stops does not
/// end the loop, only the watcher does.
final class WatchLoopTests: XCTestCase {
    func testEachRunIsReportedThenJudgedAndAStoppedRunDoesNotEndTheWatch() throws {
        let passing = TestRun(reports: [])
        let failing = TestRun(reports: [
            ChapterReport(
                file: try ChapterFile(fileName: "05-x.md"),
                declared: [ChapterTest(name: "testA", line: 5)])
        ])
        var runs: [Result<TestRun, TestPipelineError>] = [
            .failure(.cannotRun("no swift")), .success(passing), .success(failing),
        ]
        var events: [WatchEvent] = []
        var waits = 0
        Workbook.watch(
            run: { () throws(TestPipelineError) in try runs.removeFirst().get() },
            report: { events.append($0) },
            waitForChange: {
                waits += 1
                return !runs.isEmpty
            })

        XCTAssertEqual(waits, 3, "a wait after every run, the last one ending the loop")
        let verdicts = events.compactMap { event -> WatchVerdict? in
            guard case .waiting(let verdict, let seconds) = event else { return nil }
            XCTAssertGreaterThanOrEqual(seconds, 0)
            return verdict
        }
        XCTAssertEqual(verdicts, [.stopped, .passed, .failed])
        let shown = events.filter {
            if case .waiting = $0 { false } else { true }
        }
        XCTAssertEqual(
            shown,
            [
                .starting, .stopped(.cannotRun("no swift")), .starting, .ran(passing), .starting,
                .ran(failing),
            ])
        guard case .waiting = events.last else {
            return XCTFail("the last run has no verdict: \(events)")
        }
    }
}
