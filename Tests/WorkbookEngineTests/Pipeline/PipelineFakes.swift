import Foundation
import WorkbookContract
import WorkbookEngine

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
final class FakeLauncher: TestLauncher, @unchecked Sendable {
    typealias Script = @Sendable (TestInvocation) -> TestProcessResult
    private let script: [String: Script]
    private let lock = NSLock()
    private var invocations: [TestInvocation] = []

    init(_ script: [String: Script]) {
        self.script = script
    }

    var ran: [TestInvocation] { lock.withLock { invocations } }

    func run(_ invocation: TestInvocation) -> TestProcessResult {
        lock.withLock { invocations.append(invocation) }
        let name = String(invocation.identifier.split(separator: "/").last ?? "")
        return script[name]?(invocation)
            ?? TestProcessResult(
                output: "Executed 0 tests", exitStatus: 0, signal: nil, timedOut: false,
                timeout: invocation.timeout)
    }
}

/// XCTest's Linux lines for one test of chapter module `module`.
enum XCTestLines {
    static func started(_ module: String, _ test: String) -> String {
        "Test Case '\(module).\(test)' started at 2026-01-01 00:00:00.000"
    }

    static func ended(_ module: String, _ test: String, _ word: String) -> String {
        "Test Case '\(module).\(test)' \(word) (0.001 seconds)"
    }

    /// A test that passed, having printed `printed`.
    static func passed(_ module: String, _ test: String, printed: String = "")
        -> FakeLauncher.Script
    {
        { invocation in
            TestProcessResult(
                output: [started(module, test), printed, ended(module, test, "passed")]
                    .filter { !$0.isEmpty }.joined(separator: "\n"),
                exitStatus: 0, signal: nil, timedOut: false, timeout: invocation.timeout,
                duration: 0.25)
        }
    }
}
