/// A value that many threads may read and change, each change made under a lock.
///
/// Reads return a copy; writes go through `mutate(_:)`, so a read-modify-write is one
/// atomic step instead of a racing get followed by a set. The box may cross threads only
/// when its value may: the lock makes access safe, not a value that is unsafe to share.
public final class AtomicBox<T> {
    @usableFromInline let lock = Lock()
    // The lock makes every access exclusive, so the run-time exclusivity check is skipped.
    @exclusivity(unchecked) @usableFromInline var storage: T

    /// Boxes `value`.
    public init(_ value: T) {
        storage = value
    }

    /// A copy of the boxed value, read under the lock.
    public var value: T {
        lock.withLock { storage }
    }

    // snippet.mutate
    /// Changes the boxed value in place under the lock and returns whatever `body` returns.
    ///
    /// `body` must not call out to subscribers or other locked components: the lock is not
    /// recursive, so calling back into this box would deadlock.
    @inlinable @discardableResult
    public func mutate<U>(_ body: (inout T) throws -> U) rethrows -> U {
        lock.lock()
        defer { lock.unlock() }
        return try body(&storage)
    }
    // snippet.end

    // snippet.is-mutating
    /// Whether some thread holds the lock right now. Only a hint: the answer may be stale
    /// by the time the caller looks at it.
    public var isMutating: Bool {
        if lock.tryLock() {
            lock.unlock()
            return false
        }
        return true
    }
    // snippet.end
}

extension AtomicBox: @unchecked Sendable where T: Sendable {}
