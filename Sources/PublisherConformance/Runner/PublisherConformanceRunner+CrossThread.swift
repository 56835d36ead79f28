import CustomCombine
import Foundation

/// Rule 15: one thread sends while another requests, or cancels, the same subscription.
///
/// This is the scenario that finds a lock held across calls to other components: the
/// sending thread takes locks from the top of a chain down, the requesting or cancelling
/// thread from the bottom up. They deadlock when the sending thread holds an upper lock
/// and waits for a lower one just as the other thread holds the lower and waits for the
/// upper: a narrow window, so the sending thread is stalled for 50 µs at moments spread
/// over its sends (``ThreadFreezer/stallOnSignal(nanoseconds:)``), holding whatever it
/// holds while the other thread goes on. A deadlock stops every signal, and the
/// ``Watchdog`` reports it as a failure with the subscriber's history instead of hanging
/// the suite.
extension PublisherConformanceRunner {
    /// Values sent in a round: 1,000 with stalls; 3,000 where threads cannot be stalled
    /// (ThreadSanitizer, macOS before 15), where only the number of tries widens the window.
    static var crossThreadValues: Int {
        ConformanceEnvironment.canFreezeThreads ? 1_000 : 3_000
    }

    func checkCrossThreadControl(_ findings: Findings) {
        guard isPushed else {
            findings.skip(.crossThreadControl, "the kit cannot send values on demand")
            return
        }
        findings.ran(.crossThreadControl)
        if !ConformanceEnvironment.canFreezeThreads {
            ScenarioTrace.note(
                subject: harness.name,
                "R15's stalls need a thread freezer, which does not work under "
                    + "ThreadSanitizer: the sends run unstalled, so a lock "
                    + "held while calling out is caught only by chance here")
        }
        for round in 0..<rounds {
            for cancels in [false, true] {
                let action = cancels ? "cancels" : "requests one value at a time"
                let scenario = findings.begin(
                    "one thread sends while another \(action)", round: round)
                let instance = harness.make()
                let subscriber = recorder("cross-thread", .max(1), findings)
                instance.subscribe(subscriber)
                let progress = Heartbeat()
                runOnThreads([
                    { sendWithStalls(instance, 0..<Self.crossThreadValues, progress) },
                    {
                        controlWhileSending(
                            subscriber, progress, upTo: Self.crossThreadValues, cancels: cancels)
                    },
                ])
                findings.absorb(subscriber, scenario)
                subscriber.cancel()
                if findings.hasFailed(.crossThreadControl) { return }
            }
        }
    }

    /// Requests one value for every other value sent, for as long as values flow (or until
    /// the sender seems stuck for a second); cancels halfway when `cancels`.
    private func controlWhileSending(
        _ subscriber: RecordingSubscriber<Output, Failure>, _ progress: Heartbeat,
        upTo total: Int, cancels: Bool
    ) {
        var requested = 0
        var lastSent = -1
        var lastMove = Date()
        while progress.count < total {
            let sent = progress.count
            if cancels && sent >= total / 2 {
                subscriber.cancel()
                return
            }
            if requested <= sent / 2 {
                subscriber.request(.max(1), context: "other thread")
                requested += 1
            } else {
                sched_yield()
            }
            if sent != lastSent {
                (lastSent, lastMove) = (sent, Date())
            } else if Date().timeIntervalSince(lastMove) > 1 {
                return
            }
        }
    }

    /// Sends `values`, stalling now and then where a timer's signal lands (every 30 values,
    /// somewhere in the next 20 µs), when threads can be stopped here. The other thread
    /// keeps requesting or cancelling meanwhile.
    private func sendWithStalls(
        _ instance: PublisherInstance<Output, Failure>, _ values: Range<Int>,
        _ progress: Heartbeat
    ) {
        guard ConformanceEnvironment.canFreezeThreads, let timer = ThreadFreezer.makeTimer()
        else {
            for value in values {
                emit(instance, [value])
                progress.beat()
            }
            return
        }
        ThreadFreezer.stallOnSignal(nanoseconds: 50_000)
        defer { ThreadFreezer.stallOnSignal(nanoseconds: 0) }
        for value in values {
            if value % 30 == 0 { timer.arm(after: 1 + (value * 7_919) % 20_000) }
            emit(instance, [value])
            progress.beat()
        }
    }
}
