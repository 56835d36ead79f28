import Foundation
import Synchronization
import WorkbookContract

@testable import WorkbookEngine

/// A build tool that compiles nothing: chapter modules listed in `broken` fail with their
/// error line until they are left out; `failsOutsideChapters` fails the library instead.
final class FakeBuild: BuildTool, @unchecked Sendable {
    /// Chapter module -> the compiler's error line, located in the chapter.
    var broken: [String: String] = [:]
    var failsOutsideChapters = false
    let scratchDirectory: URL
    private(set) var requests: [BuildRequest] = []

    init(scratchDirectory: URL) {
        self.scratchDirectory = scratchDirectory
    }

    func build(_ request: BuildRequest) throws -> BuildResult {
        requests.append(request)
        if failsOutsideChapters {
            return BuildResult(
                succeeded: false,
                output: "/x/Sources/CustomCombine/Lib.swift:3:1: error: expected declaration")
        }
        let errors = broken.filter { !request.excluded.contains($0.key) }.values.sorted()
        return BuildResult(
            succeeded: errors.isEmpty,
            output: (["Compiling"] + errors.map { "/x/" + $0 }).joined(separator: "\n"))
    }

    func testBundle() throws -> URL {
        scratchDirectory.appendingPathComponent("debug/FakePackageTests.xctest")
    }
}

/// A launcher that starts no process: each test's result comes from `script`, keyed by the
/// test method's name. Records what it was asked to run.
final class FakeLauncher: TestLauncher, Sendable {
    typealias Script = @Sendable (TestInvocation) -> TestProcessResult
    private let script: [String: Script]
    private let invocations = Mutex<[TestInvocation]>([])

    init(_ script: [String: Script]) {
        self.script = script
    }

    var ran: [TestInvocation] { invocations.withLock { $0 } }

    func run(_ invocation: TestInvocation) -> TestProcessResult {
        invocations.withLock { $0.append(invocation) }
        let name = String(invocation.identifier.split(separator: "/").last ?? "")
        return script[name]?(invocation)
            ?? TestProcessResult(
                output: "Executed 0 tests", exitStatus: 0, signal: nil, timedOut: false,
                timeout: invocation.timeout)
    }
}

/// What a test process leaves behind: XCTest's Linux lines in its output, and the records
/// the runtime's observer writes to the file its invocation names.
enum XCTestLines {
    static func started(_ module: String, _ test: String) -> String {
        "Test Case '\(module).\(test)' started at 2026-01-01 00:00:00.000"
    }

    static func ended(_ module: String, _ test: String, _ word: String) -> String {
        "Test Case '\(module).\(test)' \(word) (0.001 seconds)"
    }

    /// Appends, as the runtime's observer does, `events` of test `test` of class `module`
    /// to the result file `invocation` names, with `failures` after its start.
    static func record(
        _ invocation: TestInvocation, _ module: String, _ test: String,
        _ events: [TestEventRecord.Event],
        failures: [(file: String, line: Int, message: String)] = []
    ) {
        guard let path = invocation.environment[WorkbookEnvironment.testResult] else { return }
        func line(_ record: TestEventRecord) -> Data { record.encodedLine ?? Data() }
        let failureLines = failures.map {
            line(
                TestEventRecord(
                    event: .failure, testClass: module, test: test, file: $0.file, line: $0.line,
                    message: $0.message))
        }
        // Failures come after the start and before the end, as XCTest reports them.
        let starts = events.filter { $0 == .started }
        let ends = events.filter { $0 != .started }
        var data = Data()
        for event in starts {
            data += line(TestEventRecord(event: event, testClass: module, test: test))
        }
        for failure in failureLines { data += failure }
        for event in ends {
            data += line(TestEventRecord(event: event, testClass: module, test: test))
        }
        let url = URL(fileURLWithPath: path)
        let old = (try? Data(contentsOf: url)) ?? Data()
        try? (old + data).write(to: url)
    }

    /// A test that passed, having printed `printed`.
    static func passed(_ module: String, _ test: String, printed: String = "")
        -> FakeLauncher.Script
    {
        { invocation in
            record(invocation, module, test, [.started, .passed])
            return TestProcessResult(
                output: [started(module, test), printed, ended(module, test, "passed")]
                    .filter { !$0.isEmpty }.joined(separator: "\n"),
                exitStatus: 0, signal: nil, timedOut: false, timeout: invocation.timeout,
                duration: 0.25)
        }
    }
}
