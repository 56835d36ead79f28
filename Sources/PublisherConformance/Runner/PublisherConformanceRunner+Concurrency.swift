import CustomCombine
import Foundation

/// Rule 9 and the stress run: many threads at once, for a bounded number of rounds.
extension PublisherConformanceRunner {
    func checkSerialDelivery(_ findings: Findings) {
        guard isPushed, harness.concurrentSends else {
            findings.skip(.serialDelivery, "values cannot be sent from several threads")
            return
        }
        findings.ran(.serialDelivery)
        for round in 0..<rounds {
            let scenario = findings.begin("concurrent sends", round: round)
            let instance = harness.make()
            let subscribers = (0..<(harness.multicast ? 2 : 1)).map {
                recorder("serial \($0)", .unlimited, findings, dwell: 20)
            }
            subscribers.forEach { instance.subscribe($0) }
            let sent = sendConcurrently(instance, threads: 4, perThread: 25)
            for subscriber in subscribers {
                findings.absorb(subscriber, scenario)
                findings.expect(
                    deliveredExactlyOnce(subscriber.tags, sent), .serialDelivery, scenario,
                    "values lost or duplicated under concurrent sends", subscriber)
                subscriber.cancel()
            }
            if findings.hasFailed(.serialDelivery) { return }
        }
    }

    func checkStress(_ findings: Findings) {
        guard isPushed, harness.concurrentSends, harness.multicast else {
            findings.skip(.stress, "not a subject that takes concurrent sends")
            return
        }
        findings.ran(.stress)
        for round in 0..<rounds {
            let scenario = findings.begin("send, subscribe and cancel at once", round: round)
            let instance = harness.make()
            let stable = (0..<2).map { recorder("stable \($0)", .unlimited, findings) }
            stable.forEach { instance.subscribe($0) }
            let churned = Unchecked(value: ChurnLog<Output, Failure>())
            let runner = Unchecked(value: self)
            let group = DispatchGroup()
            for churner in 0..<2 {
                DispatchQueue.global().async(group: group) {
                    for index in 0..<15 {
                        let subscriber = runner.value.recorder(
                            "churn \(churner).\(index)", .unlimited, findings)
                        instance.subscribe(subscriber)
                        subscriber.cancel()
                        churned.value.append(subscriber)
                    }
                }
            }
            let sent = sendConcurrently(instance, threads: 3, perThread: 40)
            group.wait()
            for subscriber in stable {
                findings.absorb(subscriber, scenario)
                let tags = subscriber.tags
                findings.expect(
                    Set(tags).count == tags.count, .stress, scenario,
                    "a subscriber present throughout received a value twice", subscriber)
                findings.expect(
                    Set(sent).isSubset(of: Set(tags)), .stress, scenario,
                    "a subscriber present throughout lost values", subscriber)
            }
            for subscriber in churned.value.all {
                findings.absorb(subscriber, scenario)
                let tags = subscriber.tags
                findings.expect(
                    Set(tags).count == tags.count, .stress, scenario,
                    "a churning subscriber received a value twice", subscriber)
            }
            if instance.finish != nil {
                instance.finish?()
                for subscriber in stable {
                    findings.expect(
                        subscriber.completionCount == 1, .stress, scenario,
                        "completion after the storm: \(subscriber.completionCount)", subscriber)
                }
            }
            stable.forEach { $0.cancel() }
            if findings.hasFailed(.stress) { return }
        }
    }
}

/// The subscribers created by the churning threads of a stress round.
final class ChurnLog<Output, Failure: Error>: @unchecked Sendable {
    private let lock = NSLock()
    private var subscribers: [RecordingSubscriber<Output, Failure>] = []

    func append(_ subscriber: RecordingSubscriber<Output, Failure>) {
        lock.withLock { subscribers.append(subscriber) }
    }

    var all: [RecordingSubscriber<Output, Failure>] {
        lock.withLock { subscribers }
    }
}
