import CustomCombine
import PublisherConformance

/// Every CustomCombine operator on every subject, CustomCombine's and OpenCombine's, as
/// harnesses for the kit: composing two components is where a lock held across calls to
/// another component deadlocks, so each pair is checked on its own.
enum CompositionCatalog {
    /// A subject the operators sit on: its publisher and the levers that drive it.
    struct Source<Value> {
        let name: String
        let publisher: AnyPublisher<Value, Never>
        let send: (Value) -> Void
        let finish: () -> Void
        let retained: AnyObject
    }

    /// The subjects, each made fresh for every scenario.
    static func sources<Value>(of _: Value.Type) -> [() -> Source<Value>] {
        [
            {
                let subject = CustomSubject<Value, Never>()
                return Source(
                    name: "CustomSubject", publisher: subject.eraseToAnyPublisher(),
                    send: { subject.send($0) }, finish: { subject.send(completion: .finished) },
                    retained: subject)
            },
            {
                let subject = BufferSubject<Value, Never>(limit: 4)
                return Source(
                    name: "BufferSubject", publisher: subject.eraseToAnyPublisher(),
                    send: { subject.send($0) }, finish: { subject.send(completion: .finished) },
                    retained: subject)
            },
            {
                let subject = PassthroughSubject<Value, Never>()
                return Source(
                    name: "PassthroughSubject", publisher: subject.eraseToAnyPublisher(),
                    send: { subject.send($0) }, finish: { subject.send(completion: .finished) },
                    retained: subject)
            },
        ]
    }

    /// One harness per subject for the operator `apply` builds on it.
    static func harnesses<Value>(
        _ operatorName: String, multicast: Bool = false, value: @escaping (Int) -> Value,
        finishes: Bool = true,
        apply: @escaping (AnyPublisher<Value, Never>) -> AnyPublisher<Int, Never>
    ) -> [PublisherHarness<Int, Never>] {
        sources(of: Value.self).map { makeSource in
            PublisherHarness(
                name: "\(operatorName)(\(makeSource().name))", delivery: .pushed,
                rules: ConformanceRule.publisherRules
                    .subtracting(multicast ? [] : [.multicastReplay, .stress])
                    .subtracting(
                        finishes
                            ? [] : [.singleCompletion, .completionWithoutDemand, .lateSubscriber]),
                multicast: multicast, tag: { $0 },
                make: {
                    let source = makeSource()
                    return PublisherInstance(
                        apply(source.publisher), emit: { source.send(value($0)) },
                        finish: finishes ? source.finish : nil, retaining: [source.retained])
                })
        }
    }

    static func customScan() -> [PublisherHarness<Int, Never>] {
        harnesses(
            "CustomScan", value: { $0 },
            apply: {
                CustomScan(upstream: $0, initialResult: 0) { $1 }.eraseToAnyPublisher()
            })
    }

    static func shareReplay() -> [PublisherHarness<Int, Never>] {
        harnesses(
            "shareReplay", multicast: true, value: { $0 },
            apply: {
                $0.shareReplay(capacity: 4).eraseToAnyPublisher()
            })
    }

    /// MergeInput never completes, so it has no finish lever.
    static func mergeInput() -> [PublisherHarness<Int, Never>] {
        harnesses(
            "MergeInput", multicast: true, value: { $0 }, finishes: false,
            apply: { upstream in
                let merged = MergeInput<Int>()
                upstream.merge(into: merged)
                return merged.eraseToAnyPublisher()
            })
    }

    static func debug() -> [PublisherHarness<Int, Never>] {
        harnesses(
            "debug", value: { $0 },
            apply: {
                $0.debug(prefix: "kit").eraseToAnyPublisher()
            })
    }

    static func unwrap() -> [PublisherHarness<Int, Never>] {
        harnesses(
            "unwrap", value: { Optional($0) },
            apply: {
                $0.unwrap().eraseToAnyPublisher()
            })
    }
}
