import Foundation

/// What the pipeline asks of whatever starts a test: run one test of the built bundle in a
/// process of its own, within a time limit, and say how the process ended. Child processes
/// through swift-subprocess in production (``ChildProcessLauncher``); a fake in the
/// pipeline's unit tests. Called from several threads at once.
protocol TestLauncher: Sendable {
    /// Runs `invocation` and reports how its process ended; a process that cannot even be
    /// started is a result too (its output says why), never a thrown error, so one such test
    /// costs only itself.
    func run(_ invocation: TestInvocation) -> TestProcessResult
}

/// One test to run in a process of its own.
struct TestInvocation: Equatable, Sendable {
    /// The built test bundle.
    var bundle: URL
    /// The test, as XCTest names it (`Module.Class/method`).
    var identifier: String
    /// Variables to set in the test process on top of the runner's own environment.
    var environment: [String: String]
    /// Seconds the process may run before it is killed.
    var timeout: Double
}
