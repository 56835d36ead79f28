import Foundation

/// Holds one delivery inside its subscriber while the test's thread calls the subscription:
/// the shape of a subscriber whose `receive` waits for another thread (UI code that hops to
/// the main thread synchronously) while that thread cancels or requests.
///
/// The hold is bounded: the subscriber waits at most `patience` for the test to let it go,
/// so a call that waits for the delivery shows as a failed outcome, never as a hang.
package final class DeliveryGate: @unchecked Sendable {
    /// What happened to the call made while the delivery was held.
    package enum Outcome: Equatable, Sendable {
        /// The call returned while the subscriber was still waiting: it did not wait for it.
        case returnedWhileHeld
        /// The call returned only after the subscriber gave up waiting: it waited for the
        /// delivery to finish.
        case waitedForDelivery
        /// No delivery reached the subscriber, so there was nothing to hold.
        case noDelivery
    }

    private let lock = NSLock()
    private let entered = DispatchSemaphore(value: 0)
    private let opened = DispatchSemaphore(value: 0)
    private let patience: Double
    private var held = false
    private var gaveUp = false

    /// A gate whose held delivery waits at most `patience` seconds.
    package init(patience: Double = 2) {
        self.patience = patience
    }

    /// Called from inside a delivery. The first time, tells the test the delivery is here
    /// and waits for it to open the gate (or for `patience` to run out); later calls return.
    package func hold() {
        let first: Bool = lock.withLock {
            defer { held = true }
            return !held
        }
        guard first else { return }
        entered.signal()
        let timedOut = opened.wait(timeout: .now() + patience) == .timedOut
        lock.withLock { gaveUp = timedOut }
    }

    /// Runs `send` on a thread of its own, waits until its delivery is held in the subscriber,
    /// makes `call` on this thread, then opens the gate, and waits for the sender to finish.
    package func callWhileHeld(send: @escaping @Sendable () -> Void, call: () -> Void) -> Outcome {
        let sent = DispatchSemaphore(value: 0)
        Thread {
            send()
            sent.signal()
        }.start()
        guard entered.wait(timeout: .now() + 5) == .success else { return .noDelivery }
        call()
        opened.signal()
        _ = sent.wait(timeout: .now() + patience + 5)
        return lock.withLock { gaveUp } ? .waitedForDelivery : .returnedWhileHeld
    }
}
