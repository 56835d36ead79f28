import CustomCombine

/// Describes a publisher to the kit: how to make a fresh one and how it delivers,
/// which decides the rules that apply and what each rule may expect.
public struct PublisherHarness<Output, Failure: Error>: @unchecked Sendable {
    /// How values come out of the publisher.
    public enum Delivery: Sendable {
        /// Values are pushed by calling the instance's `emit` (subjects, controls, operators
        /// on a subject).
        case pushed
        /// A finite source that delivers `count` values on demand, synchronously, then finishes.
        case pulled(count: Int)
        /// A source that delivers `count` values by itself, asynchronously, roughly every
        /// `interval` seconds, then finishes (timers). `count` may be `nil` for endless ones.
        case timed(count: Int?, interval: Double)
    }

    /// What a replaying publisher gives a new subscriber.
    public struct Replay: Sendable {
        /// How many of the latest values a new subscriber receives first.
        public var capacity: Int
        /// Whether a subscriber arriving after the completion still gets the values.
        public var afterCompletion: Bool

        /// Describes a replay of the latest `capacity` values.
        public init(capacity: Int, afterCompletion: Bool) {
            self.capacity = capacity
            self.afterCompletion = afterCompletion
        }
    }

    /// The row name in the summary table.
    public var name: String
    /// See ``Delivery``.
    public var delivery: Delivery
    /// The rules that apply to this publisher. Each must be exercised by some scenario: one
    /// the run could not exercise fails, so a harness that drives little cannot pass by
    /// doing little. Rule 13 is added by a run that is given a child-process probe.
    public var rules: Set<ConformanceRule>
    /// Whether every subscriber shares one stream of values (rule 10, stress).
    public var multicast: Bool
    /// `nil` when the publisher does not replay.
    public var replay: Replay?
    /// Whether `emit` may be called from several threads at once (rule 9, stress).
    /// UIKit-style controls are main-thread-only, so they say `false`.
    public var concurrentSends: Bool
    /// Whether a value keeps its tag until it is delivered. A control publishes itself,
    /// so a delivery queued behind later events reads the control's latest state: then
    /// re-entrancy checks compare how many values arrived, not which.
    public var tagsAreStable: Bool
    /// Maps a value back to the integer it was made from, to find gaps and duplicates.
    public var tag: (Output) -> Int
    /// Makes a fresh publisher for one scenario.
    public var make: () -> PublisherInstance<Output, Failure>
    /// For non-pushed sources: one that completes without any value (rule 5).
    public var makeEmpty: (() -> PublisherInstance<Output, Failure>)?
    /// For non-pushed sources: one that fails (rule 5).
    public var makeFailing: (() -> PublisherInstance<Output, Failure>)?

    /// Describes a publisher; see the properties for each parameter.
    public init(
        name: String,
        delivery: Delivery,
        rules: Set<ConformanceRule>,
        multicast: Bool = false,
        replay: Replay? = nil,
        concurrentSends: Bool = true,
        tagsAreStable: Bool = true,
        tag: @escaping (Output) -> Int,
        make: @escaping () -> PublisherInstance<Output, Failure>,
        makeEmpty: (() -> PublisherInstance<Output, Failure>)? = nil,
        makeFailing: (() -> PublisherInstance<Output, Failure>)? = nil
    ) {
        self.name = name
        self.delivery = delivery
        self.rules = rules
        self.multicast = multicast
        self.replay = replay
        self.concurrentSends = concurrentSends
        self.tagsAreStable = tagsAreStable
        self.tag = tag
        self.make = make
        self.makeEmpty = makeEmpty
        self.makeFailing = makeFailing
    }
}
