#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A mutex the thread holding it may take again.
///
/// `CustomSubscription` keeps it while a behavior talks to its downstream, so deliveries to
/// one subscriber never overlap, yet a subscriber that calls back into its subscription
/// (request, cancel) or sends into the same subject on the same thread does not deadlock.
///
/// The mutex is the one element of the `ManagedBuffer` whose header it guards, so the state
/// and its lock are a single allocation and the mutex never moves; this is a view of it.
@usableFromInline
struct RecursiveLock<Header> {
    @usableFromInline let owner: ManagedBuffer<Header, pthread_mutex_t>

    /// A view of `owner`'s mutex, which `prepare(_:)` must have set up.
    @inlinable
    init(_ owner: ManagedBuffer<Header, pthread_mutex_t>) {
        self.owner = owner
    }

    /// Sets up the mutex of a buffer just created with room for one element.
    static func prepare(_ owner: ManagedBuffer<Header, pthread_mutex_t>) {
        owner.withUnsafeMutablePointerToElements { initializeMutex($0, recursive: true) }
    }

    /// Tears down the mutex; for the owner's `deinit`.
    static func destroy(_ owner: ManagedBuffer<Header, pthread_mutex_t>) {
        owner.withUnsafeMutablePointerToElements { destroyMutex($0) }
    }

    @inlinable
    func lock() {
        owner.withUnsafeMutablePointerToElements { _ = pthread_mutex_lock($0) }
    }

    @inlinable
    func unlock() {
        owner.withUnsafeMutablePointerToElements { _ = pthread_mutex_unlock($0) }
    }

    /// Runs `body` with the lock held; `body` may take the lock again.
    @inline(__always)
    func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock()
        defer { unlock() }
        return try body()
    }
}
