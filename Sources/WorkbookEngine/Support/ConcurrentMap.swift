import Dispatch
import Synchronization

extension Array where Element: Sendable {
    /// `transform` applied to every element, as many at a time as the machine has cores
    /// (`DispatchQueue.concurrentPerform`); the results in the order of the elements. The
    /// elements are started in `order` (indices, each once), the array's own by default:
    /// `concurrentPerform` hands out its iterations in increasing order.
    func concurrentMap<Result: Sendable>(
        startingIn order: [Int]? = nil, _ transform: @Sendable (Element) -> Result
    ) -> [Result] {
        let order = order ?? [Int](indices)
        let slots = Slots<Result>(count: count)
        DispatchQueue.concurrentPerform(iterations: order.count) { position in
            let index = order[position]
            slots.set(index, transform(self[index]))
        }
        return slots.all
    }
}

/// The results of a ``Swift/Array/concurrentMap(startingIn:_:)``, by index.
private final class Slots<Value: Sendable>: Sendable {
    private let slots: Mutex<[Value?]>

    init(count: Int) {
        slots = Mutex(Array(repeating: nil, count: count))
    }

    func set(_ index: Int, _ value: Value) {
        slots.withLock { $0[index] = value }
    }

    var all: [Value] {
        slots.withLock { $0.map { $0! } }
    }
}
