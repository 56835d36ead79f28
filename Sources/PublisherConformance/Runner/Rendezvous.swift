import Foundation
import Synchronization

/// Two threads meet here before each trial of a race and leave together: both spin on one
/// counter (a `Synchronization.Atomic`) instead of sleeping, since a sleeping thread takes
/// microseconds to wake.
final class Rendezvous: @unchecked Sendable {
    private let arrivals = Synchronization.Atomic<Int>(0)

    /// Arrives for trial `trial` (0, 1, 2...) and waits for the other thread to arrive too;
    /// `false` when it has not come within a second (it is stuck in the component).
    func meet(trial: Int) -> Bool {
        let expected = 2 * (trial + 1)
        arrive()
        let deadline = DispatchTime.now().uptimeNanoseconds + 1_000_000_000
        var spins = 0
        while arrived() < expected {
            spins += 1
            if spins % 1_000 == 0 {
                // On a loaded machine the other thread may need this core to get here.
                sched_yield()
                if DispatchTime.now().uptimeNanoseconds > deadline { return false }
            }
        }
        return true
    }

    private func arrive() {
        arrivals.add(1, ordering: .acquiringAndReleasing)
    }

    private func arrived() -> Int {
        arrivals.load(ordering: .acquiring)
    }
}
