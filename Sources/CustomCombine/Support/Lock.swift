#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A non-recursive mutex that exists on every platform the library builds on.
///
/// Apple's `os_unfair_lock`, which the reference listings use, is missing on Linux;
/// a heap-allocated `pthread_mutex_t` has a stable address, which a mutex needs.
/// Never call out to a subscriber while holding it: re-entrant code would deadlock.
@usableFromInline
final class Lock: @unchecked Sendable {
    @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>

    init() {
        mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        let status = pthread_mutex_init(mutex, nil)
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
