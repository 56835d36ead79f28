/// A mutex the thread holding it may take again.
///
/// `CustomSubscription` keeps it while a behavior talks to its downstream, so deliveries to
/// one subscriber never overlap, yet a subscriber that calls back into its subscription
/// (request, cancel) or sends into the same subject on the same thread does not deadlock.
@usableFromInline
struct RecursiveLock: @unchecked Sendable {
    @usableFromInline let base = Lock(recursive: true)

    init() {}

    @inlinable
    func lock() {
        base.lock()
    }

    @inlinable
    func unlock() {
        base.unlock()
    }

    /// Runs `body` with the lock held; `body` may take the lock again.
    @inline(__always)
    func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        try base.withLock(body)
    }
}
