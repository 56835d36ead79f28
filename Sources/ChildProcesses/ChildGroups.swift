import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The process groups of the children now running, killed when the process is interrupted
/// (Ctrl-C, `SIGTERM`). Made only by a command-line tool: making ``shared`` installs the
/// signal handlers.
///
/// The signal handler only kills what is registered and raises a flag. A child is
/// registered as soon as it runs, and the flag is checked right after: a child that
/// started while the signal arrived is either killed by the handler or sees the flag and
/// kills every group itself before exiting. Every wait checks the flag too.
package final class ChildGroups: @unchecked Sendable {
    /// The registry, with `SIGINT` and `SIGTERM` handled from the first use on.
    package static let shared = ChildGroups()
    private static let capacity = 256
    /// Slot 0 holds the signal received (0 if none); the others a group id or 0. Read by
    /// the signal handler without the lock.
    nonisolated(unsafe) private static let slots: UnsafeMutablePointer<pid_t> = {
        let slots = UnsafeMutablePointer<pid_t>.allocate(capacity: capacity + 1)
        slots.initialize(repeating: 0, count: capacity + 1)
        return slots
    }()
    private let lock = NSLock()

    private init() {
        _ = Self.slots
        signal(SIGINT, ChildGroups.interrupted)
        signal(SIGTERM, ChildGroups.interrupted)
    }

    /// Records a running child's group; if an interrupt came meanwhile, kills every group
    /// (this one included) and exits.
    func started(_ group: pid_t) {
        lock.withLock {
            for index in 1...Self.capacity where Self.slots[index] == 0 {
                Self.slots[index] = group
                break
            }
            killAllAndExitIfInterrupted()
        }
    }

    /// Forgets a group that has been reaped.
    func finished(_ group: pid_t) {
        lock.withLock {
            for index in 1...Self.capacity where Self.slots[index] == group {
                Self.slots[index] = 0
            }
        }
    }

    /// After Ctrl-C: kills every registered group and exits with 128 + the signal.
    package func exitIfInterrupted() {
        guard Self.slots[0] != 0 else { return }
        lock.withLock { killAllAndExitIfInterrupted() }
    }

    private func killAllAndExitIfInterrupted() {
        guard Self.slots[0] != 0 else { return }
        for index in 1...Self.capacity where Self.slots[index] != 0 {
            killpg(Self.slots[index], SIGKILL)
        }
        _exit(128 + Self.slots[0])
    }

    private static let interrupted: @convention(c) (Int32) -> Void = { signalNumber in
        for index in 1...capacity where slots[index] != 0 {
            killpg(slots[index], SIGKILL)
        }
        slots[0] = signalNumber
    }
}
