// Exercise: chapter 05, AtomicBox.
// Solution: Sources/CustomCombine/Synchronization/AtomicBox.swift

/// A value that many threads may read and change, each change made under a lock: reads
/// return a copy, and writes go through `mutate(_:)`, so a read-modify-write is one step.
public final class AtomicBox<T> {
    // Add a lock and the boxed value.

    /// Boxes `value`; from now on it is read and changed only under the lock.
    public init(_ value: T) {
        unwritten(
            "AtomicBox.init(_:)",
            see: "Chapters/05-thread-safe-subject.md, '`AtomicBox`: a lock in a box'")
    }

    /// A copy of the boxed value, read under the lock.
    public var value: T {
        unwritten(
            "AtomicBox.value",
            see: "Chapters/05-thread-safe-subject.md, '`AtomicBox`: a lock in a box'")
    }

    /// Changes the boxed value in place under the lock and returns whatever `body` returns.
    @discardableResult
    public func mutate<U>(_ body: (inout T) throws -> U) rethrows -> U {
        unwritten(
            "AtomicBox.mutate(_:)",
            see: "Chapters/05-thread-safe-subject.md, '`AtomicBox`: a lock in a box'")
    }

    /// Whether some thread holds the lock right now; only a hint.
    public var isMutating: Bool {
        unwritten(
            "AtomicBox.isMutating",
            see: "Chapters/05-thread-safe-subject.md, '`AtomicBox`: a lock in a box'")
    }
}

extension AtomicBox: @unchecked Sendable where T: Sendable {}
