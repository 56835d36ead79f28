import Foundation

#if canImport(Glibc)
import Glibc
import Synchronization
#endif

/// Stops another thread wherever it is, for a moment, and lets it go again: what holds a
/// race's gap open when the gap is inside the component's code, where no callback of the
/// kit runs. It interrupts the thread with a signal whose handler waits, spinning, until
/// the freezer lets it go, or half a millisecond at most (the frozen thread may hold a lock
/// that the freezing thread then waits for; the bound turns that into a slow trial).
///
/// The handler touches nothing but one atomic and the clock, both async-signal-safe. Only
/// on Linux (Glibc), where it was built and measured; elsewhere ``isAvailable`` is `false`
/// and the race scenario aims by timing alone, which catches a narrow gap far less often.
enum ThreadFreezer {
    /// Whether threads can be frozen on this platform.
    static var isAvailable: Bool {
        #if canImport(Glibc)
        true
        #else
        false
        #endif
    }

    #if canImport(Glibc)
    /// The thread calling this, as ``freeze(_:)`` needs it.
    typealias Target = pthread_t

    static func currentThread() -> Target {
        pthread_self()
    }

    /// 0 idle, 1 freeze requested, 2 frozen (the handler waits), 3 let go.
    private static let phase = Atomic<Int>(0)
    /// How long a frozen thread waits at most, in nanoseconds.
    private static let longestFreeze = 500_000

    /// Installs the handler once, for the process's lifetime. SIGUSR2 is the kit's alone;
    /// `SA_RESTART` resumes whatever system call the signal interrupted.
    private static let installed: Bool = {
        _ = phase.load(ordering: .relaxed)
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in ThreadFreezer.holdStill() }
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_RESTART
        return sigaction(SIGUSR2, &action, nil) == 0
    }()

    /// In the signal handler, on the frozen thread.
    private static func holdStill() {
        let savedErrno = errno
        defer { errno = savedErrno }
        guard
            phase.compareExchange(expected: 1, desired: 2, ordering: .acquiringAndReleasing)
                .exchanged
        else { return }
        let deadline = monotonicNanoseconds() + longestFreeze
        var spins = 0
        while phase.load(ordering: .acquiring) == 2 {
            spins += 1
            // The freezing thread may need this core (a loaded machine).
            if spins % 64 == 0 {
                sched_yield()
                if monotonicNanoseconds() > deadline { break }
            }
        }
        phase.store(0, ordering: .releasing)
    }

    private static func monotonicNanoseconds() -> Int {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return now.tv_sec * 1_000_000_000 + now.tv_nsec
    }

    /// Freezes `thread`; `true` once it is frozen, `false` if it could not be (no handler,
    /// or the signal not handled within two milliseconds: the freeze is then called off).
    static func freeze(_ thread: Target) -> Bool {
        guard installed, phase.load(ordering: .acquiring) == 0 else { return false }
        phase.store(1, ordering: .releasing)
        guard pthread_kill(thread, SIGUSR2) == 0 else {
            phase.store(0, ordering: .releasing)
            return false
        }
        let deadline = monotonicNanoseconds() + 2_000_000
        while phase.load(ordering: .acquiring) == 1 {
            if monotonicNanoseconds() > deadline {
                if phase.compareExchange(expected: 1, desired: 0, ordering: .acquiringAndReleasing)
                    .exchanged
                {
                    return false
                }
            }
        }
        return phase.load(ordering: .acquiring) == 2
    }

    /// Lets the frozen thread go and waits until its handler has returned.
    static func thaw() {
        _ = phase.compareExchange(expected: 2, desired: 3, ordering: .acquiringAndReleasing)
        let deadline = monotonicNanoseconds() + 2_000_000
        while phase.load(ordering: .acquiring) != 0, monotonicNanoseconds() < deadline {
            sched_yield()
        }
    }
    #else
    typealias Target = Int

    static func currentThread() -> Target { 0 }
    static func freeze(_ thread: Target) -> Bool { false }
    static func thaw() {}
    #endif
}
