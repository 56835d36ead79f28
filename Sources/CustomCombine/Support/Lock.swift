#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A non-recursive mutex that exists on every platform the library builds on.
///
/// Apple's `os_unfair_lock`, which the reference listings use, is missing on Linux.
/// A mutex needs a stable address, so the `pthread_mutex_t` lives on the heap, in the same
/// allocation as the object that owns it: one allocation per lock instead of two.
/// Never call out to a subscriber while holding it: re-entrant code would deadlock.
/// `RecursiveLock` is the one variant that may be held while calling out.
@usableFromInline
struct Lock: @unchecked Sendable {
    @usableFromInline let storage: MutexStorage

    init() {
        storage = MutexStorage.make()
    }

    @inlinable
    func lock() {
        storage.withUnsafeMutablePointerToElements { _ = pthread_mutex_lock($0) }
    }

    @inlinable
    func unlock() {
        storage.withUnsafeMutablePointerToElements { _ = pthread_mutex_unlock($0) }
    }

    /// Takes the lock only if it is free; `true` when it was taken.
    func tryLock() -> Bool {
        storage.withUnsafeMutablePointerToElements { pthread_mutex_trylock($0) == 0 }
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

/// The object a `Lock` points to: its one element is the mutex, allocated in the object's
/// own memory, so its address never changes while the lock exists.
@usableFromInline
final class MutexStorage: ManagedBuffer<Void, pthread_mutex_t> {
    static func make() -> MutexStorage {
        let buffer = unsafeDowncast(create(minimumCapacity: 1) { _ in }, to: MutexStorage.self)
        buffer.withUnsafeMutablePointerToElements { initializeMutex($0, recursive: false) }
        return buffer
    }

    deinit {
        withUnsafeMutablePointerToElements { destroyMutex($0) }
    }
}

/// Sets up the mutex at `mutex`, which must not move until `destroyMutex(_:)`.
func initializeMutex(_ mutex: UnsafeMutablePointer<pthread_mutex_t>, recursive: Bool) {
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

/// Tears down a mutex set up by `initializeMutex(_:recursive:)`.
func destroyMutex(_ mutex: UnsafeMutablePointer<pthread_mutex_t>) {
    pthread_mutex_destroy(mutex)
    mutex.deinitialize(count: 1)
}
