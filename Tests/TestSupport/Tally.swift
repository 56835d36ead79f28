import Foundation

/// A thread-safe list that tests append to from any thread and read once the work is done.
package final class Tally<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [Value] = []

    /// An empty list.
    package init() {}

    /// Appends `value`.
    package func append(_ value: Value) {
        lock.withLock { storage.append(value) }
    }

    /// What was appended, in order.
    package var values: [Value] { lock.withLock { storage } }

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
