// snippet.protocol
/// The logic of one subscription, kept apart from its thread safety.
///
/// A behavior sits between an upstream subscription and a downstream subscriber: it
/// records demand, forwards requests and cancellation up, and decides what to deliver
/// down. It is never called concurrently: `CustomSubscription` wraps it and serializes
/// every call, so a behavior is written as plain single-threaded code.
public protocol SubscriptionBehavior: AnyObject, Cancellable, CustomCombineIdentifierConvertible {
    /// What the behavior receives from upstream.
    associatedtype Input
    /// How upstream can fail.
    associatedtype Failure: Error
    /// What the behavior delivers downstream.
    associatedtype Output
    /// How the stream delivered downstream can fail.
    associatedtype OutputFailure: Error

    /// How many more values the downstream has asked for and not yet received.
    var demand: Subscribers.Demand { get set }
    /// The subscription this behavior receives from, once upstream has sent it.
    var upstream: Subscription? { get set }
    /// The subscriber values and the completion go to.
    var downstream: AnySubscriber<Output, OutputFailure> { get }

    /// Whether a completion is still waiting to be delivered after values the downstream
    /// has not asked for yet. While this is `true` the wrapper keeps the behavior alive
    /// after upstream completed; once it is `false` the wrapper lets the behavior go.
    var hasPendingEvents: Bool { get }

    /// Downstream asks for more values.
    func request(_ demand: Subscribers.Demand)
    /// Upstream delivers a value; returns how many more values to ask upstream for.
    func receive(_ input: Input) -> Subscribers.Demand
    /// Upstream finished or failed.
    func receive(completion: Subscribers.Completion<Failure>)
}
// snippet.end

extension SubscriptionBehavior {
    /// Most behaviors deliver a completion as soon as it arrives.
    public var hasPendingEvents: Bool { false }

    // snippet.default-request
    /// Adds the new demand to what is outstanding and passes the same amount upstream:
    /// for a one-to-one behavior, upstream owes exactly what downstream asked for.
    public func request(_ demand: Subscribers.Demand) {
        self.demand += demand
        upstream?.request(demand)
    }
    // snippet.end

    /// Cancelling a subscription cancels the one it receives from.
    public func cancel() {
        upstream?.cancel()
    }
}

extension SubscriptionBehavior where Input == Output {
    // snippet.default-receive
    /// Delivers `input` only while downstream has demand, then adds the new demand the
    /// downstream returned to what is left (`demand - 1 + returned`, never a running total).
    /// Returns only that new demand, which is what upstream newly owes.
    @inlinable
    public func receive(_ input: Input) -> Subscribers.Demand {
        guard demand > 0 else { return .none }
        // Claim the unit before calling out: a re-entrant send must see what is left.
        demand -= 1
        let more = downstream.receive(input)
        demand += more
        return more
    }
    // snippet.end
}

extension SubscriptionBehavior where Failure == OutputFailure {
    /// Forwards the completion unchanged.
    public func receive(completion: Subscribers.Completion<Failure>) {
        downstream.receive(completion: completion)
    }
}
