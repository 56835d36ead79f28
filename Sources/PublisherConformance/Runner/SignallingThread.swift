import Foundation
import Synchronization

/// A ``FreezeTimer`` made of a thread of its own that waits for the moment and sends the
/// signal with `pthread_kill`: plain POSIX, so it works on Darwin, which has no timer aimed
/// at one thread. The signal is as late as the thread is in getting a core.
final class SignallingThread: FreezeTimer {
    private let signaller: Signaller

    /// Made on the thread it will interrupt.
    init() {
        signaller = Signaller(target: pthread_self())
        Thread { [signaller] in signaller.run() }.start()
    }

    /// Stops the signalling thread and waits until it has stopped, so that no signal can
    /// reach the thread after it is done with the timer.
    deinit {
        signaller.stop()
    }

    func arm(after nanoseconds: Int) {
        signaller.request(at: ThreadFreezer.monotonicNanoseconds() + nanoseconds)
    }

    /// The signalling thread's side: sleeps until asked, then spins to the moment (a sleep
    /// would wake tens of microseconds late) and sends the signal.
    private final class Signaller: @unchecked Sendable {
        private let target: pthread_t
        /// The moment asked for, in monotonic nanoseconds; `Int.max` asks the thread to end.
        private let moment = Atomic<Int>(0)
        private let asked = DispatchSemaphore(value: 0)
        private let ended = DispatchSemaphore(value: 0)

        init(target: pthread_t) {
            self.target = target
        }

        func request(at nanoseconds: Int) {
            moment.store(nanoseconds, ordering: .releasing)
            asked.signal()
        }

        func stop() {
            request(at: .max)
            ended.wait()
        }

        /// The signalling thread's loop.
        func run() {
            while true {
                asked.wait()
                let at = moment.load(ordering: .acquiring)
                if at == .max { break }
                while ThreadFreezer.monotonicNanoseconds() < at {}
                ThreadFreezer.interrupt(target)
            }
            ended.signal()
        }
    }
}
