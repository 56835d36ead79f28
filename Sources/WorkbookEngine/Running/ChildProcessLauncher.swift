import ChildProcesses
import Foundation

/// Starts each test as a child process: on Linux the bundle is the executable, on macOS
/// Xcode's `xctest` loads it (see ``XCTestInvocation``). The child runs in a session of its
/// own; at the time limit it is killed with everything it started (``ChildProcess``), and it
/// is registered with ``ChildGroups`` so Ctrl-C kills it too. Its output is kept within
/// ``ChildProcess/OutputLimit/standard``.
struct ChildProcessLauncher: TestLauncher {
    /// Xcode's `xctest` tool, which runs a bundle on macOS (unused on Linux).
    let xctest: String

    /// A launcher for this platform; finds `xctest` on macOS (once, not per test).
    init() throws {
        xctest = try XCTestInvocation.locateXCTest()
    }

    func run(_ invocation: TestInvocation) -> TestProcessResult {
        var environment = ProcessInfo.processInfo.environment
        environment.merge(invocation.environment) { $1 }
        let start = Date()
        let termination: ChildProcess.Termination
        do {
            termination = try ChildProcess.run(
                XCTestInvocation.arguments(
                    bundle: invocation.bundle.path, test: invocation.identifier, xctest: xctest),
                environment: environment, timeout: invocation.timeout, groups: .shared)
        } catch {
            termination = .init(
                output: "cannot start \(invocation.bundle.path): \(error)", exitStatus: nil,
                signal: nil, timedOut: false)
        }
        return TestProcessResult(
            output: termination.output, exitStatus: termination.exitStatus,
            signal: termination.signal, timedOut: termination.timedOut,
            timeout: invocation.timeout, duration: Date().timeIntervalSince(start))
    }
}
