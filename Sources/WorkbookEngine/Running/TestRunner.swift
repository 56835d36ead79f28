import Dispatch
import Foundation
import Synchronization

/// Runs tests through a ``TestLauncher``, as many at a time as the machine has cores
/// (`DispatchQueue.concurrentPerform`), each in a process of its own, so a crash or a hang
/// costs only that test; results come back in the order asked.
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
private final class ResultSlots: Sendable {
    private let slots: Mutex<[TestProcessResult?]>

    init(count: Int) {
        slots = Mutex(Array(repeating: nil, count: count))
    }

    func set(_ index: Int, _ value: TestProcessResult) {
        slots.withLock { $0[index] = value }
    }

    var all: [TestProcessResult] {
        slots.withLock { $0.map { $0! } }
    }
}
