import CustomCombine
import PublisherConformance

/// Harnesses for OpenCombine's own publishers: the references the kit must pass on.
enum TrustedCatalog {
    /// What applies to a source that delivers on demand and cannot be sent into: rules 1 to 8
    /// (5 only with an empty or failing variant).
    static let pulledRules: Set<ConformanceRule> = [
        .subscriptionFirst, .demandBound, .stepwiseDemand, .singleCompletion,
        .completionWithoutDemand, .cancellation, .release, .reentrancy,
    ]

    static func passthroughSubject() -> PublisherHarness<Int, TestFailure> {
        PublisherHarness(
            name: "PassthroughSubject", delivery: .pushed, rules: ConformanceRule.publisherRules,
            multicast: true, tag: { $0 },
            make: {
                let subject = PassthroughSubject<Int, TestFailure>()
                return PublisherInstance(subject: subject, failure: TestFailure.init)
            })
    }

    static func currentValueSubject() -> PublisherHarness<Int, TestFailure> {
        PublisherHarness(
            name: "CurrentValueSubject", delivery: .pushed, rules: ConformanceRule.publisherRules,
            multicast: true,
            replay: .init(capacity: 1, afterCompletion: false), tag: { $0 },
            make: {
                let subject = CurrentValueSubject<Int, TestFailure>(-1)
                return PublisherInstance(subject: subject, failure: TestFailure.init)
            })
    }

    /// Scan counts the values it folds and keeps the latest; the tag is the latest.
    static func scan() -> PublisherHarness<ScanState, TestFailure> {
        PublisherHarness(
            name: "Scan(PassthroughSubject)", delivery: .pushed,
            rules: ConformanceRule.publisherRules.subtracting([.multicastReplay, .stress]),
            tag: { $0.latest },
            make: {
                let subject = PassthroughSubject<Int, TestFailure>()
                let scan = Publishers.Scan(upstream: subject, initialResult: ScanState()) {
                    ScanState(count: $0.count + 1, latest: $1)
                }
                return PublisherInstance(
                    scan, emit: { subject.send($0) },
                    finish: { subject.send(completion: .finished) },
                    fail: { subject.send(completion: .failure(TestFailure())) },
                    retaining: [subject])
            })
    }

    static func just() -> PublisherHarness<Int, Never> {
        PublisherHarness(
            name: "Just", delivery: .pulled(count: 1),
            rules: pulledRules.subtracting([.completionWithoutDemand]),
            tag: { $0 },
            make: { PublisherInstance(Just(0)) })
    }

    static func sequence() -> PublisherHarness<Int, Never> {
        PublisherHarness(
            name: "Sequence publisher", delivery: .pulled(count: 5), rules: pulledRules,
            tag: { $0 },
            make: { PublisherInstance((0..<5).publisher) },
            makeEmpty: { PublisherInstance([Int]().publisher) })
    }

    static func failingSequence() -> PublisherHarness<Int, TestFailure> {
        PublisherHarness(
            name: "Fail / setFailureType", delivery: .pulled(count: 3), rules: pulledRules,
            tag: { $0 },
            make: { PublisherInstance((0..<3).publisher.setFailureType(to: TestFailure.self)) },
            makeEmpty: { PublisherInstance(Empty<Int, TestFailure>()) },
            makeFailing: { PublisherInstance(Fail<Int, TestFailure>(error: TestFailure())) })
    }
}

/// What the Scan harness folds into: how many values, and the latest one.
struct ScanState {
    var count = 0
    var latest = -1
}
