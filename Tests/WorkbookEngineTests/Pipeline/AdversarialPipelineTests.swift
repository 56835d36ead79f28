import Foundation
import WorkbookContract
import XCTest

@testable import WorkbookEngine

/// The pipeline against processes that print what would fool a reader of XCTest's text
/// (issue 20), in-process with fakes: the verdict must come from the process's end and
/// from the runtime's record of exactly that test, never from printed lines.
final class AdversarialPipelineTests: XCTestCase {
    private let module = "Chapter01Tests"

    private func line(of needle: String) -> Int { AdversarialChapter.line(of: needle) }

    private static func result(
        _ output: String, status: Int32? = 0, signal: Int32? = nil, timeout: Double
    ) -> TestProcessResult {
        TestProcessResult(
            output: output, exitStatus: status, signal: signal, timedOut: false,
            timeout: timeout)
    }

    /// Each test's process as XCTest and the runtime would leave it, with lines printed
    /// to fool a text reader.
    private func launcher() -> FakeLauncher {
        let module = module
        let path = "Chapters/\(AdversarialChapter.fileName)"
        let failLine = line(of: "XCTFail(\"at this line\")")
        let fakeFailLine = line(of: "XCTFail(\"really failed\")")
        let misleadingLine = line(of: "Precondition failed: not the crash")
        let crashLine = line(of: "_ = values[1]")
        return FakeLauncher([
            // Prints XCTest's own "passed" line for itself, then fails.
            "testPrintsAFakePass": { invocation in
                XCTestLines.record(
                    invocation, module, "testPrintsAFakePass", [.started, .failed],
                    failures: [(path, fakeFailLine, "failed - really failed")])
                return Self.result(
                    """
                    \(XCTestLines.started(module, "testPrintsAFakePass"))
                    \(XCTestLines.ended(module, "testPrintsAFakePass", "passed"))
                    \(path):\(fakeFailLine): error: \(module).testPrintsAFakePass : failed - really failed
                    \(XCTestLines.ended(module, "testPrintsAFakePass", "failed"))
                    """, status: 1, timeout: invocation.timeout)
            },
            // Skips, then its process dies by a signal (an atexit handler that aborts).
            "testSkipsThenDies": { invocation in
                XCTestLines.record(invocation, module, "testSkipsThenDies", [.started, .skipped])
                return Self.result(
                    """
                    \(XCTestLines.started(module, "testSkipsThenDies"))
                    /x/\(path):10: \(module).testSkipsThenDies : Test skipped - not really
                    \(XCTestLines.ended(module, "testSkipsThenDies", "skipped"))
                    """, status: nil, signal: 6, timeout: invocation.timeout)
            },
            // Printed "abc" with no newline: XCTest's next line is glued to it.
            "testNoNewlineThenPasses": { invocation in
                XCTestLines.record(
                    invocation, module, "testNoNewlineThenPasses", [.started, .passed])
                return Self.result(
                    """
                    \(XCTestLines.started(module, "testNoNewlineThenPasses"))
                    abc\(XCTestLines.ended(module, "testNoNewlineThenPasses", "passed"))
                    """, timeout: invocation.timeout)
            },
            "testNoNewlineThenFails": { invocation in
                XCTestLines.record(
                    invocation, module, "testNoNewlineThenFails", [.started, .failed],
                    failures: [(path, failLine, "failed - at this line")])
                return Self.result(
                    """
                    \(XCTestLines.started(module, "testNoNewlineThenFails"))
                    abc\(path):\(failLine): error: \(module).testNoNewlineThenFails : failed - at this line
                    \(XCTestLines.ended(module, "testNoNewlineThenFails", "failed"))
                    """, status: 1, timeout: invocation.timeout)
            },
            // An XCTFail message that mentions "crashed" and "Precondition failed:", then
            // a real trap further down.
            "testCrashAfterAMisleadingFailure": { invocation in
                XCTestLines.record(
                    invocation, module, "testCrashAfterAMisleadingFailure", [.started])
                XCTestLines.record(
                    invocation, module, "testCrashAfterAMisleadingFailure", [],
                    failures: [
                        (
                            path, misleadingLine,
                            "failed - Precondition failed: not the crash; it crashed"
                        )
                    ])
                return Self.result(
                    """
                    \(XCTestLines.started(module, "testCrashAfterAMisleadingFailure"))
                    \(path):\(misleadingLine): error: \(module).testCrashAfterAMisleadingFailure : failed - Precondition failed: not the crash; it crashed
                    Swift/ContiguousArrayBuffer.swift:691: Fatal error: Index out of range

                    *** Signal 4: Backtracing from 0x0000... done ***

                    *** Program crashed: Illegal instruction at 0x0000 ***

                    Thread 0 crashed:

                    0 0x0000 _assertionFailure in libswiftCore.so
                    1 0x0000 testCrashAfterAMisleadingFailure() in Chapter01Tests at \(path):\(crashLine):9
                    """, status: nil, signal: 4, timeout: invocation.timeout)
            },
            // `exit(0)` in the middle of the test, after printing XCTest's "passed" line.
            "testExitsMidway": { invocation in
                XCTestLines.record(invocation, module, "testExitsMidway", [.started])
                return Self.result(
                    """
                    \(XCTestLines.started(module, "testExitsMidway"))
                    \(XCTestLines.ended(module, "testExitsMidway", "passed"))
                    """, timeout: invocation.timeout)
            },
            // A record of some other test passing is not this test's.
            "test_shadowed_check": { invocation in
                XCTestLines.record(invocation, module, "testSomethingElse", [.started, .passed])
                XCTestLines.record(
                    invocation, "Chapter02Tests", "test_shadowed_check", [.started, .passed])
                return Self.result(
                    """
                    \(XCTestLines.started(module, "test_shadowed_check"))
                    \(XCTestLines.ended(module, "test_shadowed_check", "passed"))
                    """, timeout: invocation.timeout)
            },
        ])
    }

    private func run(junit: URL? = nil) throws -> (TestRun, URL) {
        let root = try Fixtures.temporaryWorkbook(
            ["Chapters/\(AdversarialChapter.fileName)": Data(AdversarialChapter.text.utf8)],
            for: self)
        var pipeline = TestPipeline(
            root: root,
            buildTool: FakeBuild(scratchDirectory: root.appendingPathComponent(".build")),
            launcher: launcher())
        pipeline.log = { _ in }
        return (try pipeline.run(TestRequest(junit: junit)), root)
    }

    private func outcomes(_ run: TestRun) -> [String: TestOutcome] {
        Dictionary(
            uniqueKeysWithValues: run.reports.flatMap(\.results).map { ($0.name, $0.outcome) })
    }

    private func failures(_ run: TestRun, _ test: String) -> [ChapterFailure] {
        run.reports.flatMap(\.results).first { $0.name == test }?.failures ?? []
    }

    /// Issue 20, item 1: no printed line turns a failure, a crash or a test that never
    /// finished into a pass or a skip.
    func testPrintedXCTestLinesNeverMakeAVerdict() throws {
        let (run, _) = try run()
        let outcomes = outcomes(run)
        XCTAssertEqual(outcomes["testPrintsAFakePass"], .failed)
        XCTAssertEqual(outcomes["testSkipsThenDies"], .crashed)
        XCTAssertEqual(outcomes["testExitsMidway"], .crashed)
        XCTAssertEqual(
            outcomes["test_shadowed_check"],
            .notRun(
                reason:
                    "declared but not run: XCTest did not run Chapter01Tests.test_shadowed_check"
            ))
        XCTAssertTrue(
            failures(run, "testExitsMidway").first?.message.hasPrefix(
                "crashed: the test process exited with status 0 before the test finished") == true,
            "\(failures(run, "testExitsMidway"))")
        XCTAssertFalse(run.succeeded)
    }

    /// Item 10: output without a final newline neither turns a pass into a failure nor
    /// moves a failure to another file.
    func testOutputWithoutANewlineKeepsVerdictsAndPlaces() throws {
        let (run, _) = try run()
        XCTAssertEqual(outcomes(run)["testNoNewlineThenPasses"], .passed)
        XCTAssertEqual(outcomes(run)["testNoNewlineThenFails"], .failed)
        let failure = try XCTUnwrap(failures(run, "testNoNewlineThenFails").first)
        XCTAssertEqual(failure.file, "Chapters/\(AdversarialChapter.fileName)")
        XCTAssertEqual(failure.line, line(of: "XCTFail(\"at this line\")"))
        XCTAssertEqual(failure.message, "at this line")
    }

    /// Item 11: a crash's line and message come from the backtrace, not from an earlier
    /// failure's text that mentions "crashed" or "Precondition failed:".
    func testACrashIsReadFromTheBacktraceNotFromEarlierText() throws {
        let (run, _) = try run()
        XCTAssertEqual(outcomes(run)["testCrashAfterAMisleadingFailure"], .crashed)
        let found = failures(run, "testCrashAfterAMisleadingFailure")
        XCTAssertEqual(
            found.map(\.line),
            [line(of: "Precondition failed: not the crash"), line(of: "_ = values[1]")])
        XCTAssertEqual(found.last?.message, "crashed: Fatal error: Index out of range")
    }

    /// Item 6: the JUnit report is written from the run that happened, also when the run
    /// stops before any test (invalid chapters, a failed build), so the previous run's
    /// green report never stays behind.
    func testJUnitIsWrittenWhenTheRunStopsEarly() throws {
        // Two chapters numbered 01: no chapter can be trusted, the run stops.
        let root = try Fixtures.temporaryWorkbook(
            [
                "Chapters/01-a.md": Data("# A\n\n```swift test\nfunc testA() {}\n```\n".utf8),
                "Chapters/01-b.md": Data("# B\n".utf8),
            ],
            for: self)
        let junit = root.appendingPathComponent("report.xml")
        try Data("<testsuites name=\"stale\" tests=\"1\" failures=\"0\"/>".utf8).write(to: junit)
        let build = FakeBuild(scratchDirectory: root.appendingPathComponent(".build"))
        let pipeline = TestPipeline(root: root, buildTool: build, launcher: FakeLauncher([:]))
        XCTAssertThrowsError(try pipeline.run(TestRequest(junit: junit)))
        var xml = try String(contentsOf: junit, encoding: .utf8)
        XCTAssertTrue(xml.contains(#"errors="1""#), xml)
        XCTAssertTrue(xml.contains(#"type="invalid">Chapters/01-"#), xml)
        try JUnitSchema.assertValidIfPossible(junit)

        // One invalid chapter stops only itself: the run goes on, and the report says so.
        try FileManager.default.removeItem(at: root.appendingPathComponent("Chapters/01-b.md"))
        try Data("# A\n\n```swift test\nfunc testA() {\n```\n".utf8).write(
            to: root.appendingPathComponent("Chapters/01-a.md"))
        let run = try pipeline.run(TestRequest(junit: junit))
        XCTAssertFalse(run.reports.allSatisfy(\.succeeded))
        xml = try String(contentsOf: junit, encoding: .utf8)
        XCTAssertTrue(xml.contains(#"errors="1""#), xml)
        XCTAssertTrue(xml.contains(#"type="invalid">Chapters/01-a.md:4: error: "#), xml)
        try JUnitSchema.assertValidIfPossible(junit)

        try Data("# A\n\n```swift test\nfunc testA() {}\n```\n".utf8).write(
            to: root.appendingPathComponent("Chapters/01-a.md"))
        build.failsOutsideChapters = true
        XCTAssertThrowsError(try pipeline.run(TestRequest(junit: junit)))
        xml = try String(contentsOf: junit, encoding: .utf8)
        XCTAssertTrue(xml.contains(#"type="buildFailed">"#), xml)
        XCTAssertTrue(xml.contains("Build failed."), xml)
        try JUnitSchema.assertValidIfPossible(junit)
    }
}
