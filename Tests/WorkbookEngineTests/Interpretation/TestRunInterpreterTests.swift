import WorkbookContract
import XCTest

@testable import WorkbookEngine

final class TestRunInterpreterTests: XCTestCase {
    private let file = try! ChapterFile(fileName: "05-x.md")

    /// The interpretation of a process that printed `output` and ended so, the runtime
    /// having recorded `events` for the test (and `failures` before it finished). By
    /// default the events are read from what XCTest printed, as the observer would have
    /// recorded them.
    private func interpret(
        _ output: String, events: [TestEventRecord.Event]? = nil,
        failures: [(Int, String)] = [], status: Int32? = 0, signal: Int32? = nil,
        timedOut: Bool = false
    ) -> TestResult {
        let events =
            events
            ?? ["started", "passed", "failed", "skipped"].compactMap { word in
                output.contains("Test Case 'Chapter05Tests.testA' \(word)")
                    ? TestEventRecord.Event(rawValue: word) : nil
            }
        var records: [TestEventRecord] = []
        for event in events {
            if event != .started {
                records += failures.map {
                    TestEventRecord(
                        event: .failure, testClass: "Chapter05Tests", test: "testA",
                        file: "Chapters/05-x.md", line: $0.0, message: $0.1)
                }
            }
            records.append(
                TestEventRecord(event: event, testClass: "Chapter05Tests", test: "testA"))
        }
        return TestRunInterpreter.interpret(
            TestProcessResult(
                output: output, exitStatus: status, signal: signal, timedOut: timedOut, timeout: 2),
            records: records, test: ChapterTest(name: "testA", line: 10), file: file)
    }

    func testPassedAndFailed() {
        XCTAssertEqual(
            interpret(
                "Test Case 'Chapter05Tests.testA' started at x\nTest Case 'Chapter05Tests.testA' passed (0.001 seconds)"
            ).outcome,
            .passed)
        let failed = interpret(
            "Test Case 'Chapter05Tests.testA' started at x\nChapters/05-x.md:12: error: Chapter05Tests.testA : XCTAssertTrue failed\nTest Case 'Chapter05Tests.testA' failed (0.001 seconds)",
            failures: [(12, "XCTAssertTrue failed")], status: 1)
        XCTAssertEqual(failed.outcome, .failed)
        XCTAssertEqual(failed.failures.map(\.line), [12])
    }

    private let observation =
        #"workbook-observation: {"file":"Chapters/05-x.md","line":12,"behavior":"b","implementation":"Apple's Combine (this Mac)","observed":"[1]","recorded":[{"implementation":"OpenCombine 0.14 (Linux)","value":"[1, 2]"}]}"#

    func testAPassWithAnObservationIsObserved() {
        let run = interpret(
            "Test Case 'Chapter05Tests.testA' started at x\n\n\(observation)\nTest Case 'Chapter05Tests.testA' passed (0.001 seconds)"
        )
        XCTAssertEqual(run.outcome, .observed)
        XCTAssertEqual(run.failures, [])
        XCTAssertEqual(run.observations.map(\.testName), ["testA"])
        XCTAssertEqual(run.observations.first?.observed, "[1]")
        XCTAssertEqual(
            run.observations.first?.recorded,
            [.init(implementation: "OpenCombine 0.14 (Linux)", value: "[1, 2]")])
        XCTAssertTrue(TestOutcome.observed.isSuccess)
    }

    func testAnObservationNeverHidesAFailureOrACrash() {
        let failed = interpret(
            "Test Case 'Chapter05Tests.testA' started at x\n\(observation)\nChapters/05-x.md:13: error: Chapter05Tests.testA : XCTAssertEqual failed\nTest Case 'Chapter05Tests.testA' failed (0.001 seconds)",
            failures: [(13, "XCTAssertEqual failed")], status: 1)
        XCTAssertEqual(failed.outcome, .failed)
        XCTAssertEqual(failed.observations.count, 1)
        let crashed = interpret(
            "Test Case 'Chapter05Tests.testA' started at x\n\(observation)\nFatal error: boom",
            status: nil, signal: 4)
        XCTAssertEqual(crashed.outcome, .crashed)
        let never = interpret(observation, status: 1)
        XCTAssertEqual(
            never.outcome,
            .notRun(reason: "declared but not run: XCTest did not run Chapter05Tests.testA"))
    }

    func testAnUnreadableObservationStillCounts() {
        let run = interpret(
            "Test Case 'Chapter05Tests.testA' started at x\nworkbook-observation: {\"file\":\nTest Case 'Chapter05Tests.testA' passed (0.001 seconds)"
        )
        XCTAssertEqual(run.outcome, .observed)
        XCTAssertEqual(
            run.observations.first?.behavior, "an observation whose record could not be read")
    }

    func testSkipKeepsItsReason() {
        let skipped = interpret(
            "Test Case 'Chapter05Tests.testA' started at x\n/x/Chapters/05-x.md:11: Chapter05Tests.testA : Test skipped - not here\nTest Case 'Chapter05Tests.testA' skipped (0.0 seconds)"
        )
        XCTAssertEqual(skipped.outcome, .skipped(reason: "not here"))
        XCTAssertEqual(skipped.failures, [])
    }

    func testCrashIsPlacedAtTheBacktraceFrameInTheChapter() {
        let crashed = interpret(
            """
            Test Case 'Chapter05Tests.testA' started at x
            Fatal error: Index out of range
            💣 Program crashed: System trap at 0x0000
            Thread 0 crashed:
            0 0x0000 _assertionFailure in libswiftCore.so
            1 0x0000 testA() in Chapter05Tests at Chapters/05-x.md:14:11
            """, status: nil, signal: 4)
        XCTAssertEqual(crashed.outcome, .crashed)
        XCTAssertEqual(crashed.failures.map(\.line), [14])
        XCTAssertEqual(crashed.failures.first?.message, "crashed: Fatal error: Index out of range")
    }

    func testCrashWithoutABacktraceIsPlacedAtTheTest() {
        let crashed = interpret(
            "Test Case 'Chapter05Tests.testA' started at x", status: nil, signal: 9)
        XCTAssertEqual(crashed.outcome, .crashed)
        XCTAssertEqual(crashed.failures.map(\.line), [10])
        XCTAssertEqual(crashed.failures.first?.message, "crashed: killed by signal 9")
    }

    func testTimeoutAndNeverRun() {
        let timedOut = interpret(
            "Test Case 'Chapter05Tests.testA' started at x", status: nil, signal: 9, timedOut: true)
        XCTAssertEqual(timedOut.outcome, .timedOut)
        XCTAssertTrue(timedOut.failures[0].message.hasPrefix("timed out after 2 s"))
        let notRun = interpret("Executed 0 tests, with 0 failures")
        XCTAssertEqual(
            notRun.outcome,
            .notRun(reason: "declared but not run: XCTest did not run Chapter05Tests.testA"))
        XCTAssertFalse(notRun.outcome.isSuccess)
    }

    func testTableNeverShowsAnEmptyRowAndCountsWhatDidNotRunAsFailed() throws {
        var broken = ChapterReport(
            file: try ChapterFile(fileName: "04-b.md"),
            declared: [ChapterTest(name: "testB", line: 3)])
        broken.notRunReason = "does not compile (1 error(s))"
        broken.buildErrors = ["Chapters/04-b.md:3:5: error: nope"]
        let declared = [ChapterTest(name: "testA", line: 5), ChapterTest(name: "testC", line: 9)]
        var skipped = ChapterReport(file: file, declared: declared)
        skipped.results = [
            TestResult(test: declared[0], outcome: .skipped(reason: "")),
            TestResult(test: declared[1], outcome: .passed),
        ]
        let empty = ChapterReport(file: try ChapterFile(fileName: "06-e.md"), declared: [])
        let table = ReportRenderer.render([broken, skipped, empty])
        XCTAssertTrue(table.contains("04-b.md  not run: does not compile (1 error(s))"), table)
        XCTAssertTrue(table.contains("05-x.md       1       0        1"), table)
        XCTAssertTrue(table.contains("06-e.md  no tests"), table)
        XCTAssertTrue(table.contains("Chapters/04-b.md:3:5: error: nope"), table)
        XCTAssertTrue(table.hasSuffix("1 passed, 1 failed, 1 skipped\n"), table)
        XCTAssertFalse(broken.succeeded)
        XCTAssertTrue(skipped.succeeded)
    }
}
