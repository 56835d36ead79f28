import Foundation

/// Counts the calls currently inside a subscriber, per thread, so that overlapping calls
/// from two threads are told apart from legitimate same-thread re-entrancy.
///
/// Every operation is atomic (one short critical section); the subscriber only reports.
final class InFlightCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var inFlight = 0
    private var owner: pthread_t?

    /// Marks a call as started; returns `true` when another thread is already inside.
    func enter() -> Bool {
        lock.withLock {
            let current = pthread_self()
            var overlapping = false
            if inFlight > 0, let owner, pthread_equal(owner, current) == 0 {
                overlapping = true
            }
            if inFlight == 0 {
                owner = current
            }
            inFlight += 1
            return overlapping
        }
    }

    /// Marks a call as finished.
    func leave() {
        lock.withLock {
            inFlight -= 1
            if inFlight == 0 {
                owner = nil
            }
        }
    }
}
