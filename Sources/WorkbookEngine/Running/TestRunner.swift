import Dispatch
import Foundation

/// Runs tests through a ``TestLauncher``, two at a time (one per core), each in a process
/// of its own, so a crash or a hang costs only that test; results come back in the order
/// asked.
struct TestRunner {
    /// What starts each test.
    let launcher: any TestLauncher

    /// Runs every invocation; the result at index `i` is `invocations[i]`'s.
    func run(_ invocations: [TestInvocation]) -> [TestProcessResult] {
        let results = ResultSlots(count: invocations.count)
        let launcher = launcher
        DispatchQueue.concurrentPerform(iterations: invocations.count) { index in
            results.set(index, launcher.run(invocations[index]))
        }
        return results.all
    }
}

/// The results of concurrently run tests, by index.
private final class ResultSlots: @unchecked Sendable {
    private var slots: [TestProcessResult?]
    private let lock = NSLock()

    init(count: Int) {
        slots = Array(repeating: nil, count: count)
    }

    func set(_ index: Int, _ value: TestProcessResult) {
        lock.withLock { slots[index] = value }
    }

    var all: [TestProcessResult] {
        lock.withLock { slots.map { $0! } }
    }
}
