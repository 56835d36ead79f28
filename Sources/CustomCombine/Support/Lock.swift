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
/// `RecursiveLock` is the one variant that may be held while calling out.
@usableFromInline
class Lock: @unchecked Sendable {
    @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>

    convenience init() {
        self.init(recursive: false)
    }

    init(recursive: Bool) {
        mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
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
    final func lock() {
        pthread_mutex_lock(mutex)
    }

    @inlinable
    final func unlock() {
        pthread_mutex_unlock(mutex)
    }

    /// Takes the lock only if it is free; `true` when it was taken.
    final func tryLock() -> Bool {
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
