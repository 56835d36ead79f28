import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The children now running, killed with their groups when the process is interrupted
/// (Ctrl-C, `SIGTERM`), and then everything they left (``StrayProcesses``). Made only by a
/// command-line tool: making ``shared`` installs the signal handlers.
///
/// The signal handler only kills what is registered and raises a flag. A child is
/// registered as soon as it runs, and the flag is checked right after: a child that
/// started while the signal arrived is either killed by the handler or sees the flag and
/// kills every child itself before exiting. Every wait checks the flag too.
package final class ChildGroups: Sendable {
    /// The registry, with `SIGINT` and `SIGTERM` handled from the first use on.
    package static let shared = ChildGroups()
    private static let capacity = 256
    /// Slot 0 holds the signal received (0 if none); the others a child's id (also its
    /// group's: each child leads a session of its own) or 0. Read by
    /// the signal handler without the lock.
    nonisolated(unsafe) private static let slots: UnsafeMutablePointer<pid_t> = {
        let slots = UnsafeMutablePointer<pid_t>.allocate(capacity: capacity + 1)
        slots.initialize(repeating: 0, count: capacity + 1)
        return slots
    }()
    private let lock = Mutex(())

    private init() {
        _ = Self.slots
        signal(SIGINT, ChildGroups.interrupted)
        signal(SIGTERM, ChildGroups.interrupted)
    }

    /// Records a running child; if an interrupt came meanwhile, kills every child
    /// (this one included) and exits.
    func started(_ child: pid_t) {
        lock.withLock { _ in
            for index in 1...Self.capacity where Self.slots[index] == 0 {
                Self.slots[index] = child
                break
            }
            killAllAndExitIfInterrupted()
        }
    }

    /// Forgets a child that has been reaped.
    func finished(_ child: pid_t) {
        lock.withLock { _ in
            for index in 1...Self.capacity where Self.slots[index] == child {
                Self.slots[index] = 0
            }
        }
    }

    /// After Ctrl-C: kills every registered child, its group and what it left, and exits with
    /// 128 + the signal.
    package func exitIfInterrupted() {
        guard Self.slots[0] != 0 else { return }
        lock.withLock { _ in killAllAndExitIfInterrupted() }
    }

    private func killAllAndExitIfInterrupted() {
        guard Self.slots[0] != 0 else { return }
        for index in 1...Self.capacity where Self.slots[index] != 0 {
            StrayProcesses.killAll(
                child: Self.slots[index], includingChild: true,
                mark: StrayProcesses.everyMarkOfThisProcess)
        }
        _exit(128 + Self.slots[0])
    }

    private static let interrupted: @convention(c) (Int32) -> Void = { signalNumber in
        // Only async-signal-safe calls here: the child and its group; what they left is
        // killed by whichever thread sees the flag next.
        for index in 1...capacity where slots[index] != 0 {
            kill(slots[index], SIGKILL)
            killpg(slots[index], SIGKILL)
        }
        slots[0] = signalNumber
    }
}
