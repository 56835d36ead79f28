// snippet.publisher
/// A publisher that folds every upstream value into an accumulated result and publishes
/// each intermediate result, like `Publishers.Scan`, built on `CustomSubscription`.
///
/// Every subscriber gets its own subscription to upstream and its own running result.
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
    // snippet.end

    // snippet.behavior-state
    @usableFromInline
    final class Behavior: SubscriptionBehavior {
        @usableFromInline typealias Input = Upstream.Output
        @usableFromInline typealias OutputFailure = Upstream.Failure

        @exclusivity(unchecked) @usableFromInline var demand = Subscribers.Demand.none
        @usableFromInline var upstream: Subscription?
        @usableFromInline let downstream: AnySubscriber<Output, Upstream.Failure>
        @usableFromInline let reducer: (Output, Upstream.Output) -> Output
        @exclusivity(unchecked) @usableFromInline var result: Output

        @usableFromInline init(
            downstream: AnySubscriber<Output, Upstream.Failure>,
            reducer: @escaping (Output, Upstream.Output) -> Output,
            initialResult: Output
        ) {
            self.downstream = downstream
            self.reducer = reducer
            self.result = initialResult
        }
        // snippet.end

        // snippet.behavior-receive
        @inlinable
        func receive(_ input: Upstream.Output) -> Subscribers.Demand {
            guard demand > 0 else { return .none }
            demand -= 1
            result = reducer(result, input)
            let more = downstream.receive(result)
            demand += more
            return more
        }
        // snippet.end
    }

    // snippet.receive-subscriber
    /// Each subscriber gets its own behavior, which subscribes to upstream.
    @inlinable
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
        let behavior = Behavior(
            downstream: AnySubscriber(forwardingTo: subscriber),
            reducer: nextPartialResult,
            initialResult: initialResult
        )
        upstream.subscribe(CustomSubscription(behavior: behavior))
    }
    // snippet.end
}
