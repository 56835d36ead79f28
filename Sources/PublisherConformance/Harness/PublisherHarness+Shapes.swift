import CustomCombine
import Dispatch

/// The error the ready-made harnesses' publishers fail with.
public struct ConformanceFailure: Error, Equatable, Sendable {
    /// The one failure value.
    public init() {}
}

extension PublisherHarness where Output == Int, Failure == ConformanceFailure {
    /// A multicast subject of `Int`s, which the kit drives through `send`: every
    /// publisher rule applies.
    ///
    /// The shapes are what a chapter needs to check the component it builds in two lines,
    /// naming only the type: under `workbook test --mine` that name is the reader's type.
    public static func subject<S: Subject>(
        named name: String, replay: Replay? = nil, make: @escaping () -> S
    ) -> PublisherHarness where S.Output == Int, S.Failure == ConformanceFailure {
        PublisherHarness(
            name: name, delivery: .pushed, rules: ConformanceRule.publisherRules,
            multicast: true, replay: replay, tag: { $0 },
            make: { PublisherInstance(subject: make(), failure: ConformanceFailure.init) })
    }

    /// An operator applied to a subject of `Int`s, which the kit drives: every publisher
    /// rule applies, but those about sharing (10 and the stress run) only to a `multicast`
    /// operator.
    ///
    /// The subject is the library's `CustomSubject`, not OpenCombine's
    /// `PassthroughSubject`: on OpenCombine 0.14 a completion sent while another thread
    /// subscribes can reach a `PassthroughSubject` subscriber before its subscription, and
    /// that would be blamed on the operator.
    public static func onSubject<P: Publisher>(
        named name: String, multicast: Bool = false, replay: Replay? = nil,
        _ apply: @escaping (CustomSubject<Int, ConformanceFailure>) -> P
    ) -> PublisherHarness where P.Output == Int, P.Failure == ConformanceFailure {
        PublisherHarness(
            name: name, delivery: .pushed,
            rules: multicast
                ? ConformanceRule.publisherRules
                : ConformanceRule.publisherRules.subtracting([.multicastReplay, .stress]),
            multicast: multicast, replay: replay, tag: { $0 },
            make: {
                let upstream = CustomSubject<Int, ConformanceFailure>()
                return PublisherInstance(
                    apply(upstream), emit: { upstream.send($0) },
                    finish: { upstream.send(completion: .finished) },
                    fail: { upstream.send(completion: .failure(ConformanceFailure())) },
                    retaining: [upstream])
            })
    }
}

extension PublisherHarness where Output == Int, Failure == Never {
    /// A publisher that collects from upstreams connected to it (`connect`), never
    /// completing: the kit sends even values through one `PassthroughSubject` and odd ones
    /// through another, so it has no finish lever, and the rules about completing (4, 5
    /// and 11) do not apply.
    public static func collecting<P: Publisher>(
        named name: String, make: @escaping () -> P,
        connect: @escaping (PassthroughSubject<Int, Never>, P) -> Void
    ) -> PublisherHarness where P.Output == Int, P.Failure == Never {
        PublisherHarness(
            name: name, delivery: .pushed,
            rules: ConformanceRule.publisherRules.subtracting([
                .singleCompletion, .completionWithoutDemand, .lateSubscriber,
            ]),
            multicast: true, tag: { $0 },
            make: {
                let collector = make()
                let even = PassthroughSubject<Int, Never>()
                let odd = PassthroughSubject<Int, Never>()
                connect(even, collector)
                connect(odd, collector)
                return PublisherInstance(
                    collector, emit: { ($0 % 2 == 0 ? even : odd).send($0) },
                    retaining: [even, odd])
            })
    }
}

extension PublisherHarness where Failure == Never {
    /// A control's events. Like UIKit controls it is driven from one thread, and it
    /// publishes itself, so a value's tag is read from the control's state when delivered.
    /// `make` returns the publisher, how to set the control's value, and the control. It
    /// never completes and takes no concurrent sends, so rules 4, 5, 9, 11 and the stress
    /// run do not apply.
    public static func controlEvents<P: Publisher>(
        named name: String, tag: @escaping (Output) -> Int,
        make: @escaping () -> (publisher: P, setValue: (Int) -> Void, control: AnyObject)
    ) -> PublisherHarness where P.Output == Output, P.Failure == Never {
        PublisherHarness(
            name: name, delivery: .pushed,
            rules: ConformanceRule.publisherRules.subtracting([
                .singleCompletion, .completionWithoutDemand, .serialDelivery, .lateSubscriber,
                .stress,
            ]),
            multicast: true, concurrentSends: false,
            tagsAreStable: false, tag: tag,
            make: {
                let made = make()
                return PublisherInstance(
                    made.publisher, emit: made.setValue, retaining: [made.control])
            })
    }
}

extension PublisherHarness where Output == DispatchTime, Failure == Never {
    /// A timer that ticks `ticks` times, every `seconds`, then finishes; `make` builds one
    /// for a number of ticks (the kit also asks for one with none). Nothing sends into a
    /// timer, so the rules about sending (9, 10, 11, 15 and the stress run) do not apply.
    public static func timer<P: Publisher>(
        named name: String, ticks: Int, every seconds: Double,
        make: @escaping (_ times: Subscribers.Demand) -> P
    ) -> PublisherHarness where P.Output == DispatchTime, P.Failure == Never {
        PublisherHarness(
            name: name, delivery: .timed(count: ticks, interval: seconds),
            rules: [
                .subscriptionFirst, .demandBound, .stepwiseDemand, .singleCompletion,
                .completionWithoutDemand, .cancellation, .release, .reentrancy,
            ],
            tag: { Int(truncatingIfNeeded: $0.uptimeNanoseconds) },
            make: { PublisherInstance(make(.max(ticks))) },
            makeEmpty: { PublisherInstance(make(.max(0))) })
    }
}
