import CustomCombine
import Foundation

/// Rule 15: one thread sends while another requests, or cancels, the same subscription.
///
/// This is the scenario that finds a lock held across calls to other components: the
/// sending thread takes locks from the top of a chain down, the requesting or cancelling
/// thread from the bottom up. Each round runs under a deadline, so a deadlock is reported
/// as a failure with the subscriber's history instead of hanging the suite (the two stuck
/// threads are left behind: they cannot be stopped from outside).
extension PublisherConformanceRunner {
    /// How long one round may take before it counts as a deadlock.
    static var crossThreadDeadline: Double { 10 }

    func checkCrossThreadControl(_ findings: Findings) {
        guard isPushed else {
            findings.skip(.crossThreadControl, "the kit cannot send values on demand")
            return
        }
        findings.ran(.crossThreadControl)
        for round in 0..<rounds {
            for cancels in [false, true] {
                let action = cancels ? "cancels" : "requests one value at a time"
                let scenario = "one thread sends while another \(action), round \(round + 1)"
                let instance = harness.make()
                let subscriber = recorder("cross-thread", .max(1))
                instance.subscribe(subscriber)
                let sender = Unchecked(value: { emit(instance, 0..<300) })
                let controller = Unchecked(value: {
                    for _ in 0..<150 { subscriber.request(.max(1), context: "other thread") }
                    if cancels { subscriber.cancel() }
                })
                // Threads of their own, not Dispatch's pool: two threads stuck in a deadlock
                // must not starve the scenarios that run after this one.
                let finished = DispatchSemaphore(value: 0)
                for work in [sender, controller] {
                    Thread {
                        work.value()
                        finished.signal()
                    }.start()
                }
                let deadline = DispatchTime.now() + Self.crossThreadDeadline
                let bothFinished = (0..<2).allSatisfy { _ in
                    finished.wait(timeout: deadline) == .success
                }
                guard bothFinished else {
                    findings.fail(
                        .crossThreadControl, scenario,
                        "deadlock: the sending thread and the thread that \(action) were both "
                            + "still running after \(Int(Self.crossThreadDeadline)) s",
                        history: subscriber.history)
                    return
                }
                findings.absorb(subscriber, scenario)
                subscriber.cancel()
                if findings.failures[.crossThreadControl] != nil { return }
            }
        }
    }
}
