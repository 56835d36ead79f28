import Foundation

/// Runs tests through a ``TestLauncher``, as many at a time as the machine has cores
/// (`DispatchQueue.concurrentPerform`), each in a process of its own, so a crash or a hang
/// costs only that test; results come back in the order asked.
///
/// The tests start longest first, by how long each took last time: a chapter's conformance
/// kit takes a second or more against a few tens of milliseconds for the others, and started
/// last (its place in the chapter) it would run alone at the end while the other cores idle.
struct TestRunner {
    /// What starts each test.
    let launcher: any TestLauncher

    /// Runs every invocation; the result at index `i` is `invocations[i]`'s. `expected` holds
    /// the seconds each took last time (nil, or missing, when unknown) and decides only the
    /// order they start in.
    func run(_ invocations: [TestInvocation], expected: [Double?] = []) -> [TestProcessResult] {
        let launcher = launcher
        return invocations.concurrentMap(
            startingIn: Self.startOrder(
                expected: invocations.indices.map { $0 < expected.count ? expected[$0] : nil })
        ) { launcher.run($0) }
    }

    /// The indices of `expected` in the order to start them: those with no duration first
    /// (a new test may be long), then the longest first; ties keep the order asked.
    static func startOrder(expected: [Double?]) -> [Int] {
        expected.indices.sorted { left, right in
            let (a, b) = (expected[left] ?? .infinity, expected[right] ?? .infinity)
            return a != b ? a > b : left < right
        }
    }
}
