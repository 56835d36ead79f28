import CustomCombine

/// The error the ready-made harnesses' publishers fail with.
public struct ConformanceFailure: Error, Equatable, Sendable {
    /// The one failure value.
    public init() {}
}

extension PublisherHarness where Output == Int, Failure == ConformanceFailure {
    /// A multicast subject of `Int`s, which the kit drives through `send`.
    ///
    /// The shapes are what a chapter needs to check the component it builds in two lines,
    /// naming only the type: under `workbook test --mine` that name is the reader's type.
    public static func subject<S: Subject>(
        named name: String, replay: Replay? = nil, make: @escaping () -> S
    ) -> PublisherHarness where S.Output == Int, S.Failure == ConformanceFailure {
        PublisherHarness(
            name: name, delivery: .pushed, multicast: true, replay: replay, tag: { $0 },
            make: { PublisherInstance(subject: make(), failure: ConformanceFailure.init) })
    }

    /// An operator applied to a `PassthroughSubject` of `Int`s, which the kit drives.
    public static func onSubject<P: Publisher>(
        named name: String, multicast: Bool = false, replay: Replay? = nil,
        _ apply: @escaping (PassthroughSubject<Int, ConformanceFailure>) -> P
    ) -> PublisherHarness where P.Output == Int, P.Failure == ConformanceFailure {
        PublisherHarness(
            name: name, delivery: .pushed, multicast: multicast, replay: replay, tag: { $0 },
            make: {
                let upstream = PassthroughSubject<Int, ConformanceFailure>()
                return PublisherInstance(
                    apply(upstream), emit: { upstream.send($0) },
                    finish: { upstream.send(completion: .finished) },
                    fail: { upstream.send(completion: .failure(ConformanceFailure())) },
                    retaining: [upstream])
            })
    }
}
