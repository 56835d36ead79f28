#if canImport(Glibc)
import Glibc

/// A ``FreezeTimer`` that is a POSIX timer whose signal the kernel aims at the thread that
/// made it (`SIGEV_THREAD_ID`, Linux only): the signal comes at the chosen moment whether
/// or not any other thread is running, so the freeze works on a machine whose cores are
/// all busy.
final class KernelTimer: FreezeTimer {
    private var timer: timer_t?

    /// Made on the thread it will interrupt; `nil` if the system refuses a timer.
    init?() {
        guard let thread = Self.currentThreadID() else { return nil }
        var event = sigevent()
        event.sigev_notify = Int32(SIGEV_THREAD_ID)
        event.sigev_signo = SIGUSR2
        event._sigev_un._tid = thread
        guard timer_create(CLOCK_MONOTONIC, &event, &timer) == 0 else { return nil }
    }

    deinit {
        timer_delete(timer)
    }

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
#endif
