import Foundation
import Synchronization
import XCTest

@testable import WorkbookEngine

/// The runner starts the tests that took longest last time first, so that a long test (a
/// chapter's conformance kit) never starts last and runs alone while the other cores idle;
/// its results still come back in the order asked.
final class TestRunnerTests: XCTestCase {
    func testTheLongestTestsStartFirstAndUnknownOnesBeforeThem() {
        XCTAssertEqual(
            TestRunner.startOrder(expected: [0.1, 3.0, nil, 0.5, 0.1, nil]), [2, 5, 1, 3, 0, 4])
    }

    func testWithoutDurationsTheOrderIsTheOneAsked() {
        XCTAssertEqual(TestRunner.startOrder(expected: [nil, nil, nil]), [0, 1, 2])
        XCTAssertEqual(
            TestRunner.startOrder(expected: [Double?](repeating: 1, count: 3)), [0, 1, 2])
    }

    func testResultsComeBackInTheOrderAskedWhateverTheStartOrder() {
        let launcher = OrderRecordingLauncher()
        let invocations = (0..<5).map {
            TestInvocation(
                bundle: URL(fileURLWithPath: "/x"), identifier: "M.C/test\($0)", environment: [:],
                timeout: 1)
        }
        let results = TestRunner(launcher: launcher)
            .run(invocations, expected: [0.1, 0.2, 9, nil, 0.3])
        XCTAssertEqual(results.map(\.output), invocations.map(\.identifier))
        // One thread or several, the first test claimed is the one without a duration.
        XCTAssertEqual(launcher.started.count, 5)
        XCTAssertTrue(launcher.started.prefix(2).contains("M.C/test3"), "\(launcher.started)")
    }

    func testTheLastTimesAreThoseOfTheImplementationThatRunsForTestsThatRan() throws {
        func test(_ name: String, _ outcome: String, _ duration: Double) -> String {
            #"{"name": "\#(name)", "line": 1, "outcome": "\#(outcome)", "failures": [], "observations": [], "duration": \#(duration)}"#
        }
        func chapter(_ implementation: String, _ tests: [String]) -> String {
            #"{"number": "03", "file": "Chapters/03-x.md", "digest": "", "implementation": "\#(implementation)", "finished": "", "buildErrors": [], "tests": [\#(tests.joined(separator: ", "))]}"#
        }
        let json =
            #"{"chapters": [\#(chapter("opencombine", [test("testA", "passed", 2.5), test("testB", "notRun", 0), test("testC", "crashed", 0.5)])), \#(chapter("other", [test("testA", "passed", 7)]))]}"#
        let results = try JSONDecoder().decode(RecordedResults.self, from: Data(json.utf8))
        XCTAssertEqual(
            results.durations(on: "opencombine"),
            ["Chapters/03-x.md": ["testA": 2.5, "testC": 0.5]])
        XCTAssertEqual(results.durations(on: "other"), ["Chapters/03-x.md": ["testA": 7]])
        XCTAssertEqual(results.durations(on: "apple"), [:])
    }
}

/// Answers each test with its own identifier and records the order the tests started in.
private final class OrderRecordingLauncher: TestLauncher {
    private let order = Mutex<[String]>([])

    var started: [String] { order.withLock { $0 } }

    func run(_ invocation: TestInvocation) -> TestProcessResult {
        order.withLock { $0.append(invocation.identifier) }
        return TestProcessResult(
            output: invocation.identifier, exitStatus: 0, signal: nil, timedOut: false,
            timeout: invocation.timeout)
    }
}
