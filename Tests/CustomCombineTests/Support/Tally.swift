import Foundation

/// A thread-safe list that tests append to from any thread and read once the work is done.
final class Tally<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [Value] = []

    func append(_ value: Value) {
        lock.lock()
        storage.append(value)
        lock.unlock()
    }

    var values: [Value] {
        lock.lock()
        defer { lock.unlock() }
        return storage
    }

    var count: Int { values.count }
}

/// Something a test lets go of, to check through a weak reference that it was released.
final class Token: @unchecked Sendable {}

/// Hands a value that is not `Sendable` to concurrent test code that synchronises it itself.
struct Shared<Value>: @unchecked Sendable {
    let value: Value
}
