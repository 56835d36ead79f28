import Synchronization

/// A thread-safe list that tests append to from any thread and read once the work is done.
package final class Tally<Value>: Sendable {
    /// Unchecked: the values need not be `Sendable`; they are touched only in `storage`.
    private struct Storage: @unchecked Sendable {
        var values: [Value] = []
    }

    private let storage = Mutex(Storage())

    /// An empty list.
    package init() {}

    /// Appends `value`.
    package func append(_ value: Value) {
        storage.withLock { $0.values.append(value) }
    }

    /// What was appended, in order.
    package var values: [Value] { storage.withLock { $0.values } }

    /// How many values were appended.
    package var count: Int { values.count }
}

/// Something a test lets go of, to check through a weak reference that it was released.
package final class Token: @unchecked Sendable {
    /// A token.
    package init() {}
}

/// Hands a value that is not `Sendable` to concurrent test code that synchronises it itself.
package struct Shared<Value>: @unchecked Sendable {
    /// The value.
    package let value: Value

    /// Wraps `value`.
    package init(value: Value) {
        self.value = value
    }
}
