#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The library's one lock: a pthread mutex in memory of its own, so its address never
/// moves (`Synchronization.Mutex` would do, but needs macOS 15; the package supports
/// macOS 10.15).
///
/// Every component follows one rule with it: hold a lock only to read or change your own
/// state, and release it before calling into another component. The one exception is the
/// *delivery lock* of `CustomSubscription`, made with `recursive: true`: it is held while
/// one subscriber is called, so that deliveries to that subscriber never overlap, and a
/// subscriber that calls back on the same thread takes it again instead of deadlocking.
/// It is never held while calling upstream.
@usableFromInline
final class Lock: @unchecked Sendable {
    @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>

    /// A new, unlocked mutex; `recursive` lets the thread holding it take it again.
    init(recursive: Bool = false) {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        if recursive {
            pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_RECURSIVE))
        }
        let status = pthread_mutex_init(mutex, &attributes)
        pthread_mutexattr_destroy(&attributes)
        precondition(status == 0, "pthread_mutex_init failed with \(status)")
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    @inlinable
    func lock() {
        pthread_mutex_lock(mutex)
    }

    @inlinable
    func unlock() {
        pthread_mutex_unlock(mutex)
    }

    /// Takes the lock only if it is free; `true` when it was taken.
    func tryLock() -> Bool {
        pthread_mutex_trylock(mutex) == 0
    }

    /// Runs `body` with the lock held. `body` must not call out to other components.
    // snippet.with-lock
    @inline(__always)
    func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock()
        defer { unlock() }
        return try body()
    }
    // snippet.end
}
