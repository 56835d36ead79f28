#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

#if os(Linux)
import Synchronization
#endif

/// The library's one lock. On Linux, a free lock is taken with one atomic
/// compare-and-exchange and released with one atomic store, with no call into the C
/// library; a thread that finds it taken waits on a pthread condition variable. Elsewhere
/// it is a pthread mutex in memory of its own, so its address never moves.
/// Components take it only through `withLock`, so no early return can leave it held;
/// `lock()` and `unlock()` are there for `withLock` and `AtomicBox` to build on.
///
/// Every component follows one rule with it: hold a lock only to read or change your own
/// state, and release it before calling into another component. The one exception is a
/// *delivery lock* (`CustomSubscription`'s, and that of `CustomReceiveOn`'s hop), made with
/// `recursive: true`: it is held while one subscriber is called, so that deliveries to that
/// subscriber never overlap, and a subscriber that calls back on the same thread takes it
/// again instead of deadlocking. It is never held while calling upstream, and `request` and
/// `cancel` never wait for it: they only try it (`tryLock()`). `CustomSubscription`'s leave
/// their call as mail for the thread that holds it; the hop's write theirs down only when
/// their own thread is delivering, and otherwise call upstream at once.
@usableFromInline
final class Lock: @unchecked Sendable {
    #if os(Linux)
    /// 1 while some thread holds the lock, 0 while it is free.
    @usableFromInline let state = Synchronization.Atomic<UInt32>(0)
    /// How many threads wait in `lockSlow()`: `unlock()` wakes one only when it is not 0.
    @usableFromInline let waiters = Synchronization.Atomic<Int>(0)
    /// For a recursive lock, the thread holding it (its `pthread_self()`), 0 while free. A
    /// thread reads its own identifier here only if it wrote it itself.
    @usableFromInline let owner = Synchronization.Atomic<UInt>(0)
    /// For a recursive lock, how many times its holder took it; only the holder touches it.
    @exclusivity(unchecked) @usableFromInline var holds = 0
    @usableFromInline let recursive: Bool
    /// Where a thread that found the lock taken sleeps: a pthread mutex and condition
    /// variable in one allocation of their own, so their addresses never move. The first
    /// thread that ever has to wait makes it, so a lock that is never contended allocates
    /// nothing beyond itself.
    let parking = Synchronization.Atomic<UnsafeMutableRawPointer?>(nil)

    /// A new, free lock; `recursive` lets the thread holding it take it again.
    init(recursive: Bool = false) {
        self.recursive = recursive
    }

    deinit {
        if let spot = parking.load(ordering: .acquiring) {
            Lock.destroyParking(spot)
        }
    }

    @inlinable @inline(__always)
    func lock() {
        guard recursive else {
            acquire()
            return
        }
        let me = Lock.currentThread
        if owner.load(ordering: .relaxed) == me {
            holds += 1
            return
        }
        acquire()
        owner.store(me, ordering: .relaxed)
        holds = 1
    }

    @inlinable @inline(__always)
    func unlock() {
        if recursive {
            holds -= 1
            if holds > 0 { return }
            owner.store(0, ordering: .relaxed)
        }
        // Sequentially consistent, with the load after it and the waiter's increment and
        // compare-and-exchange in `lockSlow()`: either this load sees the waiter, or the
        // waiter's compare-and-exchange sees the lock free. No wake-up is lost.
        state.store(0, ordering: .sequentiallyConsistent)
        if waiters.load(ordering: .sequentiallyConsistent) != 0 {
            wakeOne()
        }
    }

    /// Takes the lock only if it is free (or, recursive, held by this thread); `true` when
    /// it was taken.
    func tryLock() -> Bool {
        guard recursive else {
            return state.compareExchange(expected: 0, desired: 1, ordering: .acquiring).exchanged
        }
        let me = Lock.currentThread
        if owner.load(ordering: .relaxed) == me {
            holds += 1
            return true
        }
        guard state.compareExchange(expected: 0, desired: 1, ordering: .acquiring).exchanged
        else { return false }
        owner.store(me, ordering: .relaxed)
        holds = 1
        return true
    }

    /// This thread's identifier: `pthread_t` is an integer in glibc, a pointer in Musl.
    @inlinable
    static var currentThread: UInt {
        #if canImport(Glibc)
        pthread_self()
        #else
        UInt(bitPattern: pthread_self())
        #endif
    }

    @inlinable
    func acquire() {
        if state.compareExchange(expected: 0, desired: 1, ordering: .acquiring).exchanged {
            return
        }
        lockSlow()
    }

    /// The lock is taken: sleep until a holder's `unlock()` wakes this thread and the lock
    /// can be had.
    @usableFromInline @inline(never)
    func lockSlow() {
        let (mutex, condition) = Lock.parts(of: parkingSpot())
        pthread_mutex_lock(mutex)
        waiters.wrappingAdd(1, ordering: .sequentiallyConsistent)
        while !state.compareExchange(expected: 0, desired: 1, ordering: .sequentiallyConsistent)
            .exchanged
        {
            pthread_cond_wait(condition, mutex)
        }
        waiters.wrappingSubtract(1, ordering: .sequentiallyConsistent)
        pthread_mutex_unlock(mutex)
    }

    /// Wakes one thread sleeping in `lockSlow()`. Taking the mutex first means a waiter
    /// that counted itself is already asleep in `pthread_cond_wait`, so it gets the signal.
    /// Called only when `waiters` is not 0, and a waiter made the parking spot before it
    /// counted itself, so the spot is there.
    @usableFromInline @inline(never)
    func wakeOne() {
        guard let spot = parking.load(ordering: .acquiring) else {
            preconditionFailure("a waiter counted itself without a parking spot")
        }
        let (mutex, condition) = Lock.parts(of: spot)
        pthread_mutex_lock(mutex)
        pthread_cond_signal(condition)
        pthread_mutex_unlock(mutex)
    }

    /// The parking spot, made now if no thread has needed it yet. Two threads may both make
    /// one; the first to publish it wins and the other frees its own.
    private func parkingSpot() -> UnsafeMutableRawPointer {
        if let spot = parking.load(ordering: .acquiring) {
            return spot
        }
        let made = Lock.makeParking()
        let (exchanged, original) = parking.compareExchange(
            expected: nil, desired: made, ordering: .acquiringAndReleasing)
        if exchanged {
            return made
        }
        Lock.destroyParking(made)
        return original!
    }

    /// Where the condition variable sits after the mutex in a parking spot.
    private static let conditionOffset =
        (MemoryLayout<pthread_mutex_t>.stride + MemoryLayout<pthread_cond_t>.alignment - 1)
        / MemoryLayout<pthread_cond_t>.alignment * MemoryLayout<pthread_cond_t>.alignment

    private static func parts(
        of spot: UnsafeMutableRawPointer
    ) -> (UnsafeMutablePointer<pthread_mutex_t>, UnsafeMutablePointer<pthread_cond_t>) {
        (
            spot.assumingMemoryBound(to: pthread_mutex_t.self),
            (spot + conditionOffset).assumingMemoryBound(to: pthread_cond_t.self)
        )
    }

    private static func makeParking() -> UnsafeMutableRawPointer {
        let spot = UnsafeMutableRawPointer.allocate(
            byteCount: conditionOffset + MemoryLayout<pthread_cond_t>.size,
            alignment: max(
                MemoryLayout<pthread_mutex_t>.alignment, MemoryLayout<pthread_cond_t>.alignment)
        )
        let mutex = spot.initializeMemory(as: pthread_mutex_t.self, to: pthread_mutex_t())
        let condition = (spot + conditionOffset).initializeMemory(
            as: pthread_cond_t.self, to: pthread_cond_t())
        let status = pthread_mutex_init(mutex, nil)
        precondition(status == 0, "pthread_mutex_init failed with \(status)")
        let conditionStatus = pthread_cond_init(condition, nil)
        precondition(conditionStatus == 0, "pthread_cond_init failed with \(conditionStatus)")
        return spot
    }

    private static func destroyParking(_ spot: UnsafeMutableRawPointer) {
        let (mutex, condition) = parts(of: spot)
        pthread_cond_destroy(condition)
        condition.deinitialize(count: 1)
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        spot.deallocate()
    }
    #else
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
    #endif

    /// Runs `body` with the lock held. `body` must not call out to other components, except
    /// under a delivery lock, whose `body` calls the one subscriber it serializes.
    // snippet.with-lock
    @inlinable @inline(__always)
    func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock()
        defer { unlock() }
        return try body()
    }
    // snippet.end
}
