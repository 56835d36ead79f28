import CustomCombine
import PublisherConformance

/// Harnesses for the deliberately broken fixtures (and their flaw-free control).
enum FixtureCatalog {
    static func flawed(_ flaws: FlawedSubject.Flaws, name: String) -> PublisherHarness<Int, Never> {
        PublisherHarness(
            name: name, delivery: .pushed, rules: ConformanceRule.publisherRules, multicast: true,
            tag: { $0 },
            make: {
                let subject = FlawedSubject(flaws)
                return PublisherInstance(
                    subject, emit: { subject.send($0) }, finish: { subject.sendFinished() })
            })
    }

    static func subscriber(_ flaws: FlawedSubscriber.Flaws, name: String) -> SubscriberHarness {
        SubscriberHarness(name: name) {
            let subscriber = FlawedSubscriber(flaws)
            return .init(subscriber, cancel: { subscriber.cancel() })
        }
    }

    /// Two links of the old lock-across-calls design chained on a PassthroughSubject.
    static func lockAcrossCallsChain() -> PublisherHarness<Int, Never> {
        PublisherHarness(
            name: "LockAcrossCallsLink x2 (old design)", delivery: .pushed,
            rules: ConformanceRule.publisherRules.subtracting([.multicastReplay, .stress]),
            tag: { $0 },
            make: {
                let subject = PassthroughSubject<Int, Never>()
                let chain = LockAcrossCallsLink(upstream: LockAcrossCallsLink(upstream: subject))
                return PublisherInstance(
                    chain, emit: { subject.send($0) },
                    finish: { subject.send(completion: .finished) }, retaining: [subject])
            })
    }

    /// One link of the delivery-lock design (request and cancel wait for a delivery) on a
    /// PassthroughSubject.
    static func deliveryLockLink() -> PublisherHarness<Int, Never> {
        PublisherHarness(
            name: "DeliveryLockLink (old design)", delivery: .pushed,
            rules: ConformanceRule.publisherRules.subtracting([.multicastReplay, .stress]),
            tag: { $0 },
            make: {
                let subject = PassthroughSubject<Int, Never>()
                let link = DeliveryLockLink(upstream: subject)
                return PublisherInstance(
                    link, emit: { subject.send($0) },
                    finish: { subject.send(completion: .finished) }, retaining: [subject])
            })
    }
}
