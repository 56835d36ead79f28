import Foundation

#if canImport(Glibc)
import Glibc
import Synchronization
#endif

/// Stops a thread at a chosen moment, wherever it has got to, until another thread has done
/// something, and lets it go on: what holds a race's gap open when the gap is inside the
/// component's code, where no callback of the kit runs.
///
/// The other thread first declares it is waiting (``expectFreeze()``); the thread to stop
/// arms a timer of its own (``Timer``), whose signal interrupts it; the signal handler wakes
/// the waiting thread (``awaitFreeze()``) and waits, polling, until that thread calls
/// ``thaw()``, or two milliseconds at most (the stopped thread may hold a lock the other
/// thread then waits for: the bound turns that into a slow trial, not a deadlock). A timer,
/// not a signal sent by the other thread, a waiting thread that sleeps and a stopped thread
/// that yields its core, so that the moment is precise and the freeze works even when the
/// two threads share one core (a busy machine). The handler calls only what is
/// async-signal-safe: atomics, the clock, `sem_post` and `sched_yield`.
///
/// Only on Linux (Glibc), where it was built and measured, and not under ThreadSanitizer,
/// whose runtime holds a signal back until the thread calls into it, so that it can no
/// longer land at a chosen moment; elsewhere ``isAvailable`` is `false` and every call does
/// nothing.
enum ThreadFreezer {
    /// Whether threads can be frozen here.
    static var isAvailable: Bool {
        #if canImport(Glibc)
        ProcessInfo.processInfo.environment[RequestNoneProbe.threadSanitizerKey] == nil
            && installed
        #else
        false
        #endif
    }

    #if canImport(Glibc)
    /// 0 idle, 1 a thread waits for a freeze, 2 frozen (the handler waits), 3 let go.
    private static let phase = Atomic<Int>(0)
    /// What the thread to be frozen is doing, set by itself with ``mark(_:)``.
    private static let marker = Atomic<Int>(0)
    /// The marker when the handler ran.
    private static let markerWhenFrozen = Atomic<Int>(0)
    /// When the handler last ran, in nanoseconds of the monotonic clock.
    private static let handled = Atomic<Int>(0)
    /// Posted by the handler (or by a freeze called off) to wake the waiting thread.
    nonisolated(unsafe) private static let wakeUp: UnsafeMutablePointer<sem_t> = {
        let semaphore = UnsafeMutablePointer<sem_t>.allocate(capacity: 1)
        sem_init(semaphore, 0, 0)
        return semaphore
    }()
    /// How long a frozen thread waits at most, in nanoseconds.
    private static let longestFreeze = 2_000_000
    /// When not 0, a signal stalls its thread for this many nanoseconds, and that is all.
    private static let stall = Atomic<Int>(0)

    /// Installs the handler once, for the process's lifetime. SIGUSR2 is the kit's alone;
    /// `SA_RESTART` resumes whatever system call the signal interrupted.
    private static let installed: Bool = {
        _ = phase.load(ordering: .relaxed)
        _ = marker.load(ordering: .relaxed)
        _ = markerWhenFrozen.load(ordering: .relaxed)
        _ = handled.load(ordering: .relaxed)
        _ = stall.load(ordering: .relaxed)
        _ = wakeUp
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in ThreadFreezer.holdStill() }
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_RESTART
        return sigaction(SIGUSR2, &action, nil) == 0
    }()

    /// In the signal handler, on the thread being frozen.
    private static func holdStill() {
        let savedErrno = errno
        defer { errno = savedErrno }
        handled.store(monotonicNanoseconds(), ordering: .releasing)
        let stalling = stall.load(ordering: .acquiring)
        if stalling > 0 {
            let until = monotonicNanoseconds() + stalling
            while monotonicNanoseconds() < until { sched_yield() }
            return
        }
        markerWhenFrozen.store(marker.load(ordering: .acquiring), ordering: .releasing)
        guard
            phase.compareExchange(expected: 1, desired: 2, ordering: .acquiringAndReleasing)
                .exchanged
        else { return }
        sem_post(wakeUp)
        let deadline = monotonicNanoseconds() + longestFreeze
        var spins = 0
        while phase.load(ordering: .acquiring) == 2 {
            spins += 1
            // The thread acting meanwhile may need this core (a busy machine).
            guard spins % 16 == 0 else { continue }
            sched_yield()
            if monotonicNanoseconds() > deadline { break }
        }
        // Back to idle from "let go" or, past the bound, from "frozen"; never over a new
        // wait that started meanwhile.
        if !phase.compareExchange(expected: 3, desired: 0, ordering: .acquiringAndReleasing)
            .exchanged
        {
            _ = phase.compareExchange(expected: 2, desired: 0, ordering: .acquiringAndReleasing)
        }
    }

    /// The monotonic clock in nanoseconds (async-signal-safe).
    static func monotonicNanoseconds() -> Int {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return now.tv_sec * 1_000_000_000 + now.tv_nsec
    }

    /// When the handler last ran (monotonic nanoseconds), to learn a timer's latency.
    static var lastHandled: Int { handled.load(ordering: .acquiring) }

    /// Makes the signals of the timers that follow stall their thread for `nanoseconds`,
    /// wherever it is, with nobody acting meanwhile but the other threads already running;
    /// 0 goes back to freezes.
    static func stallOnSignal(nanoseconds: Int) {
        stall.store(nanoseconds, ordering: .releasing)
    }

    /// Called by the thread to be frozen: what it is doing now, which ``awaitFreeze()``
    /// reports, so the other thread learns where it stopped.
    static func mark(_ value: Int) {
        marker.store(value, ordering: .releasing)
    }

    /// Called by the thread that will act while the other is frozen, before the other's
    /// timer can fire; `false` if an earlier freeze is still being let go after two
    /// milliseconds (this trial then goes without one).
    static func expectFreeze() -> Bool {
        let deadline = monotonicNanoseconds() + longestFreeze
        while !phase.compareExchange(expected: 0, desired: 1, ordering: .acquiringAndReleasing)
            .exchanged
        {
            if monotonicNanoseconds() > deadline { return false }
            sched_yield()
        }
        return true
    }

    /// Called by the thread to be frozen when its timer's signal did not come: wakes the
    /// waiting thread with no freeze.
    static func callOff() {
        if phase.compareExchange(expected: 1, desired: 0, ordering: .acquiringAndReleasing)
            .exchanged
        {
            sem_post(wakeUp)
        }
    }

    /// Sleeps until the other thread is frozen and returns its mark then, or `nil` if the
    /// freeze was called off or did not come within 5 milliseconds.
    static func awaitFreeze() -> Int? {
        guard installed else { return nil }
        if !sleepForWakeUp(nanoseconds: 5_000_000) {
            // Called off now, unless the handler took the freeze meanwhile: then its wake-up
            // is on its way.
            if phase.compareExchange(expected: 1, desired: 0, ordering: .acquiringAndReleasing)
                .exchanged
            {
                return nil
            }
            _ = sleepForWakeUp(nanoseconds: 5_000_000)
        }
        return phase.load(ordering: .acquiring) == 2
            ? markerWhenFrozen.load(ordering: .acquiring) : nil
    }

    /// Waits for a post of ``wakeUp``; `false` after `nanoseconds`.
    private static func sleepForWakeUp(nanoseconds: Int) -> Bool {
        var deadline = timespec()
        clock_gettime(CLOCK_REALTIME, &deadline)
        deadline.tv_nsec += nanoseconds
        deadline.tv_sec += deadline.tv_nsec / 1_000_000_000
        deadline.tv_nsec %= 1_000_000_000
        while sem_timedwait(wakeUp, &deadline) != 0 {
            if errno != EINTR { return false }
        }
        return true
    }

    /// Lets the frozen thread go and waits until its handler has returned.
    static func thaw() {
        _ = phase.compareExchange(expected: 2, desired: 3, ordering: .acquiringAndReleasing)
        let deadline = monotonicNanoseconds() + longestFreeze
        while phase.load(ordering: .acquiring) != 0, monotonicNanoseconds() < deadline {
            sched_yield()
        }
    }

    /// A timer that interrupts the thread that made it, for ``arm(after:)``.
    final class Timer {
        private var timer: timer_t?

        /// Made on the thread it will interrupt; `nil` if the system refuses a timer.
        init?() {
            guard ThreadFreezer.installed, let thread = Self.currentThreadID() else { return nil }
            var event = sigevent()
            event.sigev_notify = Int32(SIGEV_THREAD_ID)
            event.sigev_signo = SIGUSR2
            event._sigev_un._tid = thread
            guard timer_create(CLOCK_MONOTONIC, &event, &timer) == 0 else { return nil }
        }

        deinit {
            timer_delete(timer)
        }

        /// Fires once, `nanoseconds` from now (and the signal lands some microseconds after).
        func arm(after nanoseconds: Int) {
            var value = itimerspec()
            value.it_value.tv_sec = nanoseconds / 1_000_000_000
            value.it_value.tv_nsec = max(1, nanoseconds % 1_000_000_000)
            timer_settime(timer, 0, &value, nil)
        }

        /// The kernel's identifier of the calling thread, read from `/proc/thread-self`
        /// (`PID/task/TID`): Swift cannot call the variadic `syscall` for `gettid`.
        private static func currentThreadID() -> Int32? {
            var buffer = [CChar](repeating: 0, count: 64)
            let count = readlink("/proc/thread-self", &buffer, buffer.count - 1)
            guard count > 0 else { return nil }
            let path = String(
                decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
            return path.split(separator: "/").last.flatMap { Int32($0) }
        }
    }
    #else
    static func monotonicNanoseconds() -> Int { Int(DispatchTime.now().uptimeNanoseconds) }
    static var lastHandled: Int { 0 }
    static func mark(_ value: Int) {}
    static func stallOnSignal(nanoseconds: Int) {}
    static func expectFreeze() -> Bool { false }
    static func callOff() {}
    static func awaitFreeze() -> Int? { nil }
    static func thaw() {}

    /// No timers to freeze with here.
    final class Timer {
        init?() { return nil }
        func arm(after nanoseconds: Int) {}
    }
    #endif
}
