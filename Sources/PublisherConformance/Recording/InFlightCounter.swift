import Foundation
import Synchronization

/// Counts the calls currently inside a subscriber, per thread, so that overlapping calls
/// from two threads are told apart from legitimate same-thread re-entrancy.
///
/// Every operation is atomic (one short critical section); the subscriber only reports.
final class InFlightCounter: Sendable {
    /// How many calls are inside, and the thread that entered first.
    private struct State {
        var inFlight = 0
        var owner: pthread_t?
    }

    private let state = Mutex(State())

    /// Marks a call as started; returns `true` when another thread is already inside.
    func enter() -> Bool {
        state.withLock { state in
            let current = pthread_self()
            var overlapping = false
            if state.inFlight > 0, let owner = state.owner, pthread_equal(owner, current) == 0 {
                overlapping = true
            }
            if state.inFlight == 0 {
                state.owner = current
            }
            state.inFlight += 1
            return overlapping
        }
    }

    /// Marks a call as finished.
    func leave() {
        state.withLock { state in
            state.inFlight -= 1
            if state.inFlight == 0 {
                state.owner = nil
            }
        }
    }
}
