// Exercise: chapter 04, CustomScan.
// Solution: Sources/CustomCombine/Operators/CustomScan.swift

/// A publisher that folds every upstream value into a running result and publishes each
/// intermediate result, like `Publishers.Scan`, built on `CustomSubscription`: every
/// subscriber gets its own subscription to upstream and its own running result.
public struct CustomScan<Upstream: Publisher, Output>: Publisher {
    /// Failures pass through unchanged.
    public typealias Failure = Upstream.Failure

    /// The publisher whose values are folded.
    public let upstream: Upstream
    /// The result before the first value.
    public let initialResult: Output
    /// Combines the result so far with the next value.
    public let nextPartialResult: (Output, Upstream.Output) -> Output

    /// Folds `upstream` with `nextPartialResult`, starting from `initialResult`.
    public init(
        upstream: Upstream,
        initialResult: Output,
        nextPartialResult: @escaping (Output, Upstream.Output) -> Output
    ) {
        self.upstream = upstream
        self.initialResult = initialResult
        self.nextPartialResult = nextPartialResult
    }

    // Add a `SubscriptionBehavior` class for one subscriber's link: it keeps that
    // subscriber's running result ('The behavior: where the state lives').

    /// Gives each subscriber a behavior of its own, holding its own running result, and
    /// subscribes it to upstream: one chain per subscriber.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
        unwritten(
            "CustomScan.receive(subscriber:)",
            see: "Chapters/04-custom-scan.md, 'Subscribing: one chain per subscriber'")
    }
}
