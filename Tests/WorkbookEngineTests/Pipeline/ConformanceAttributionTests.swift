import Foundation
import WorkbookContract
import XCTest

@testable import WorkbookEngine

/// A conformance kit test that crashes or hangs, through the whole pipeline (fake build and
/// launcher): the report names the rule and the scenario the kit announced last, the
/// reader's `Workbench/` line on the crashing thread, and what a hang there usually is;
/// the kit's trace is never read as what the test printed; `--verbose` reaches the kit.
final class ConformanceAttributionTests: XCTestCase {
    private static let chapter = """
        # Subjects

        ```swift test
        func testConformance() {
            assertConformance(of: CustomSubject<Int, Never>.self)
        }
        ```

        ```swift test
        func testFailsWhileTheKitTalks() {
            XCTFail("wrong")
        }
        ```

        """

    private let module = "Chapter03Tests"

    private func announcement(_ rule: String, _ scenario: String) -> String {
        ConformanceTrace(subject: "CustomSubject", rule: rule, scenario: scenario).line
    }

    /// Runs chapter 03 with `script` for its tests; `request` as given.
    private func run(
        _ script: [String: FakeLauncher.Script], request: TestRequest = TestRequest()
    ) throws -> (TestRun, FakeLauncher) {
        let root = try Fixtures.temporaryWorkbook(
            ["Chapters/03-subjects.md": Data(Self.chapter.utf8)], for: self)
        let launcher = FakeLauncher(script)
        let pipeline = TestPipeline(
            root: root,
            buildTool: FakeBuild(scratchDirectory: root.appendingPathComponent(".build")),
            launcher: launcher)
        return (try pipeline.run(request), launcher)
    }

    /// The failure of `test`, when its process printed `output` and ended as given.
    private func failure(
        of test: String, output: String, exitStatus: Int32? = nil, signal: Int32? = nil,
        timedOut: Bool = false
    ) throws -> String {
        let (run, _) = try run([
            test: { invocation in
                TestProcessResult(
                    output: output, exitStatus: exitStatus, signal: signal, timedOut: timedOut,
                    timeout: invocation.timeout)
            }
        ])
        return try XCTUnwrap(
            run.reports.flatMap(\.failures).first { $0.testName == test }?.message)
    }

    func testVerboseReachesEveryTestProcessAndOnlyWhenAsked() throws {
        let (_, quiet) = try run([:])
        XCTAssertFalse(quiet.ran.isEmpty)
        XCTAssertTrue(quiet.ran.allSatisfy { $0.environment[WorkbookEnvironment.verbose] == nil })
        let (_, verbose) = try run([:], request: TestRequest(verbose: true))
        XCTAssertFalse(verbose.ran.isEmpty)
        XCTAssertTrue(
            verbose.ran.allSatisfy { $0.environment[WorkbookEnvironment.verbose] == "1" },
            "\(verbose.ran.map(\.environment))")
    }

    func testATimeoutInTheKitNamesTheRuleTheScenarioAndTheLikelyCause() throws {
        let module = module
        let output = [
            XCTestLines.started(module, "testConformance"),
            announcement("R1 subscription-first", "subscribe"),
            announcement("R8 re-entrancy", "cancel inside receive(_:)"),
        ].joined(separator: "\n")
        let message = try failure(of: "testConformance", output: output, signal: 9, timedOut: true)
        XCTAssertEqual(
            message,
            """
            timed out after 30 s; its process group was killed
              the conformance kit was checking R8 re-entrancy on CustomSubject, scenario 'cancel inside receive(_:)': a test that hangs there usually has a lock held while calling out (into a subscriber or upstream): see chapters 2 and 5
              last output:
                \(XCTestLines.started(module, "testConformance"))
            """)
    }

    func testAHangAfterTheKitFinishedIsNotBlamedOnIt() throws {
        let output = [
            XCTestLines.started(module, "testConformance"),
            announcement("R8 re-entrancy", "cancel inside receive(_:)"),
            ConformanceTrace.finishedLine(subject: "CustomSubject"),
        ].joined(separator: "\n")
        let message = try failure(of: "testConformance", output: output, signal: 9, timedOut: true)
        XCTAssertFalse(message.contains("conformance"), message)
    }

    func testACrashInTheKitNamesTheRuleTheScenarioAndTheReadersLine() throws {
        let module = module
        let output = """
            \(XCTestLines.started(module, "testConformance"))
            \(announcement("R9 serial-delivery", "concurrent sends"))
            Fatal error: Index out of range
            💣 Program crashed: Fatal error at 0x00007f

            Thread 3 crashed:

            0 0x00007f in closure #1 in CustomSubject.send(_:) at /home/me/workbook/Workbench/Workbench.swift:12:5
            1 0x00007f in Swift/arraySubscript.swift:102:9
            2 0x00007f in CustomSubject.send(_:) in Workbench at /home/me/workbook/Workbench/Chapter03/CustomSubject.swift:46:17
            3 0x00007f in Subject.send(_:) in PublisherConformance at /home/me/workbook/Sources/PublisherConformance/Runner/X.swift:9:3
            """
        let message = try failure(of: "testConformance", output: output, signal: 4)
        XCTAssertEqual(
            message,
            """
            crashed: Fatal error: Index out of range
              in your code at Workbench/Chapter03/CustomSubject.swift:46
              while the conformance kit was checking R9 serial-delivery on CustomSubject, scenario 'concurrent sends'
            """)
    }

    func testTheKitsTraceIsNotPartOfAFailureMessage() throws {
        let module = module
        let test = "testFailsWhileTheKitTalks"
        let trace = announcement("R9 serial-delivery", "concurrent sends")
        // The failure's words come from the runtime's record, whatever the kit printed
        // around XCTest's own line for it.
        let (run, _) = try run([
            test: { invocation in
                XCTestLines.record(
                    invocation, module, test, [.started, .failed],
                    failures: [("/x/Chapters/03-subjects.md", 11, "failed - wrong")])
                return TestProcessResult(
                    output: [
                        XCTestLines.started(module, test),
                        "/x/Chapters/03-subjects.md:11: error: \(module).\(test) : failed - wrong",
                        trace,
                        XCTestLines.ended(module, test, "failed"),
                    ].joined(separator: "\n"),
                    exitStatus: 1, signal: nil, timedOut: false, timeout: invocation.timeout)
            }
        ])
        let messages = run.reports.flatMap(\.failures).filter { $0.testName == test }.map(\.message)
        XCTAssertEqual(messages, ["wrong"])
    }

    func testTheKitsNotesAreCollectedOnceEach() {
        let note = "\(ConformanceTrace.prefix)CustomSubject: R1's race needs a thread freezer"
        let output = [
            note, announcement("R1 subscription-first", "subscribe"), note,
            ConformanceTrace.finishedLine(subject: "CustomSubject"),
        ].joined(separator: "\n")
        XCTAssertEqual(
            TestOutput(output).conformanceNotes,
            ["CustomSubject: R1's race needs a thread freezer"])
    }
}
