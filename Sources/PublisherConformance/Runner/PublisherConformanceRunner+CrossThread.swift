import CustomCombine
import Foundation

/// Rule 15: one thread sends while another requests, or cancels, the same subscription.
///
/// This is the scenario that finds a lock held across calls to other components: the
/// sending thread takes locks from the top of a chain down, the requesting or cancelling
/// thread from the bottom up. A deadlock stops every signal, and the ``Watchdog`` reports
/// it as a failure with the subscriber's history instead of hanging the suite.
extension PublisherConformanceRunner {
    func checkCrossThreadControl(_ findings: Findings) {
        guard isPushed else {
            findings.skip(.crossThreadControl, "the kit cannot send values on demand")
            return
        }
        findings.ran(.crossThreadControl)
        for round in 0..<rounds {
            for cancels in [false, true] {
                let action = cancels ? "cancels" : "requests one value at a time"
                let scenario = findings.begin(
                    "one thread sends while another \(action)", round: round)
                let instance = harness.make()
                let subscriber = recorder("cross-thread", .max(1), findings)
                instance.subscribe(subscriber)
                runOnThreads([
                    { emit(instance, 0..<3_000) },
                    {
                        for _ in 0..<1_500 { subscriber.request(.max(1), context: "other thread") }
                        if cancels { subscriber.cancel() }
                    },
                ])
                findings.absorb(subscriber, scenario)
                subscriber.cancel()
                if findings.hasFailed(.crossThreadControl) { return }
            }
        }
    }
}
