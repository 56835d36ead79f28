import Foundation
import Synchronization

/// Stops a thread at a chosen moment, wherever it has got to, until another thread has done
/// something, and lets it go on: what holds a race's gap open when the gap is inside the
/// component's code, where no callback of the kit runs.
///
/// The other thread first declares it is waiting (``expectFreeze()``); the thread to stop
/// arms a timer of its own (``makeTimer()``), whose signal interrupts it; the signal handler
/// wakes the waiting thread (``awaitFreeze()``) and waits, polling, until that thread calls
/// ``thaw()``, or two milliseconds at most (the stopped thread may hold a lock the other
/// thread then waits for: the bound turns that into a slow trial, not a deadlock). The
/// waiting thread sleeps and the stopped thread yields its core, so that the freeze works
/// even when the two threads share one core (a busy machine). The handler calls only what
/// is async-signal-safe: atomics, the clock, `write` and `sched_yield`.
///
/// Plain POSIX (`signal`, `sigaction`, `pthread_kill`, `pipe`, `poll`) for Linux and Darwin
/// alike, but for the timer, which is a kernel timer on Linux and a signalling thread
/// elsewhere. Not used under
/// ThreadSanitizer, whose runtime holds a signal back until the thread calls into it, so
/// that it can no longer land at a chosen moment: there ``isAvailable`` is `false`.
enum ThreadFreezer {
    /// Whether threads can be frozen here.
    static var isAvailable: Bool {
        ProcessInfo.processInfo.environment[RequestNoneProbe.threadSanitizerKey] == nil
            && installed
    }

    /// 0 idle, 1 a thread waits for a freeze, 2 frozen (the handler waits), 3 let go.
    private static let phase = Atomic<Int>(0)
    /// What the thread to be frozen is doing, set by itself with ``mark(_:)``.
    private static let marker = Atomic<Int>(0)
    /// The marker when the handler ran.
    private static let markerWhenFrozen = Atomic<Int>(0)
    /// When the handler last ran, in nanoseconds of the monotonic clock.
    private static let handled = Atomic<Int>(0)
    /// A pipe whose one byte, written by the handler (or by a freeze called off), wakes the
    /// waiting thread: `write` is async-signal-safe, and Darwin has no unnamed semaphores.
    private static let wakeUp: (read: Int32, write: Int32)? = {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return nil }
        return (ends[0], ends[1])
    }()
    /// How long a frozen thread waits at most, in nanoseconds.
    private static let longestFreeze = 2_000_000
    /// When not 0, a signal stalls its thread for this many nanoseconds, and that is all.
    private static let stall = Atomic<Int>(0)

    /// Installs the handler once, for the process's lifetime. SIGUSR2 is the kit's alone.
    /// `signal` sets the handler without naming the `sigaction` field that holds it (its
    /// name differs between Glibc and Darwin); the flags are then set explicitly:
    /// `SA_RESTART` resumes whatever system call the signal interrupted.
    private static let installed: Bool = {
        _ = phase.load(ordering: .relaxed)
        _ = marker.load(ordering: .relaxed)
        _ = markerWhenFrozen.load(ordering: .relaxed)
        _ = handled.load(ordering: .relaxed)
        _ = stall.load(ordering: .relaxed)
        guard wakeUp != nil else { return false }
        _ = signal(SIGUSR2) { _ in ThreadFreezer.holdStill() }
        var action = SignalAction()
        guard sigaction(SIGUSR2, nil, &action) == 0 else { return false }
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_RESTART
        return sigaction(SIGUSR2, &action, nil) == 0
    }()

    /// The C struct, named apart from the C function of the same name it would be taken for.
    private typealias SignalAction = sigaction

    /// The flags the handler was installed with, for tests.
    static var installedFlags: Int32? {
        guard installed else { return nil }
        var action = SignalAction()
        guard sigaction(SIGUSR2, nil, &action) == 0 else { return nil }
        return action.sa_flags
    }

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
        postWakeUp()
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

    /// Writes the wake-up byte (async-signal-safe).
    private static func postWakeUp() {
        guard let wakeUp else { return }
        var byte: UInt8 = 1
        _ = write(wakeUp.write, &byte, 1)
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
            postWakeUp()
        }
    }

    /// Sleeps until the other thread is frozen and returns its mark then, or `nil` if the
    /// freeze was called off or did not come within 5 milliseconds.
    static func awaitFreeze() -> Int? {
        guard installed else { return nil }
        if !sleepForWakeUp(milliseconds: 5) {
            // Called off now, unless the handler took the freeze meanwhile: then its wake-up
            // is on its way.
            if phase.compareExchange(expected: 1, desired: 0, ordering: .acquiringAndReleasing)
                .exchanged
            {
                return nil
            }
            _ = sleepForWakeUp(milliseconds: 5)
        }
        return phase.load(ordering: .acquiring) == 2
            ? markerWhenFrozen.load(ordering: .acquiring) : nil
    }

    /// Waits for the wake-up byte and takes it; `false` after `milliseconds`.
    private static func sleepForWakeUp(milliseconds: Int) -> Bool {
        guard let wakeUp else { return false }
        let deadline = monotonicNanoseconds() + milliseconds * 1_000_000
        var ready = pollfd(fd: wakeUp.read, events: Int16(POLLIN), revents: 0)
        while true {
            let left = deadline - monotonicNanoseconds()
            guard left > 0 else { return false }
            let polled = poll(&ready, 1, Int32((left + 999_999) / 1_000_000))
            if polled > 0 {
                var byte: UInt8 = 0
                return read(wakeUp.read, &byte, 1) == 1
            }
            if polled == 0 || errno != EINTR { return false }
        }
    }

    /// Lets the frozen thread go and waits until its handler has returned.
    static func thaw() {
        _ = phase.compareExchange(expected: 2, desired: 3, ordering: .acquiringAndReleasing)
        let deadline = monotonicNanoseconds() + longestFreeze
        while phase.load(ordering: .acquiring) != 0, monotonicNanoseconds() < deadline {
            sched_yield()
        }
    }

    /// A timer that interrupts the thread that made it, for a freeze or a stall: on Linux a
    /// kernel timer aimed at the thread (``KernelTimer``), elsewhere a thread that sends the
    /// signal (``SignallingThread``); `nil` if the handler is not installed or the system
    /// refuses a timer. Made on the thread it will interrupt.
    ///
    /// Two kinds because on Linux, measured on a busy 2-core machine, the kernel timer
    /// catches more: it needs no third thread to be running at the chosen moment (figures in
    /// the commit that made this choice). Darwin has no timer aimed at one thread.
    static func makeTimer() -> (any FreezeTimer)? {
        guard installed else { return nil }
        #if canImport(Glibc)
        return KernelTimer()
        #else
        return SignallingThread()
        #endif
    }

    /// Sends the kit's signal to `thread`, as a timer does when it fires.
    static func interrupt(_ thread: pthread_t) {
        pthread_kill(thread, SIGUSR2)
    }
}

/// Interrupts the thread that made it with the kit's signal, once per ``arm(after:)``.
protocol FreezeTimer: AnyObject {
    /// Fires once, `nanoseconds` from now (and the signal lands some microseconds after).
    func arm(after nanoseconds: Int)
}
