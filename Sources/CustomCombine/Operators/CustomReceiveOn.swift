// snippet.publisher
/// A publisher that delivers its upstream's values and completion on `scheduler`, like
/// `receive(on:)`: the subscription, requests and cancels pass straight through on the
/// caller's thread, so demand reaches upstream without waiting for the scheduler; only what
/// flows down hops.
///
/// On a serial scheduler deliveries come one at a time, in order; nothing here orders them
/// on a concurrent one.
public struct CustomReceiveOn<Upstream: Publisher, Context: Scheduler>: Publisher {
    /// Values pass through unchanged.
    public typealias Output = Upstream.Output
    /// Failures pass through unchanged.
    public typealias Failure = Upstream.Failure

    /// The publisher whose events hop.
    public let upstream: Upstream
    /// Where values and the completion are delivered.
    public let scheduler: Context

    /// Delivers `upstream`'s values and completion on `scheduler`.
    public init(upstream: Upstream, scheduler: Context) {
        self.upstream = upstream
        self.scheduler = scheduler
    }

    /// Subscribes upstream with a hop that hands each event to the scheduler.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
        upstream.subscribe(
            ReceiveOnHop(downstream: AnySubscriber(forwardingTo: subscriber), scheduler: scheduler))
    }
}
// snippet.end

// snippet.hop
/// Upstream's subscriber and downstream's subscription: calls up pass through, events down
/// are scheduled. Its state is cleared on cancel and once the completion is delivered, which
/// releases both ends.
final class ReceiveOnHop<Input, Failure: Error, Context: Scheduler>: Subscriber, Subscription {
    struct State {
        var upstream: Subscription?
        var downstream: AnySubscriber<Input, Failure>?
    }

    @Atomic private var state: State
    private let scheduler: Context

    init(downstream: AnySubscriber<Input, Failure>, scheduler: Context) {
        _state = Atomic(wrappedValue: State(downstream: downstream))
        self.scheduler = scheduler
    }

    func receive(subscription: Subscription) {
        let downstream = $state.mutate { state -> AnySubscriber<Input, Failure>? in
            guard state.upstream == nil, let downstream = state.downstream else { return nil }
            state.upstream = subscription
            return downstream
        }
        guard let downstream else { return subscription.cancel() }
        downstream.receive(subscription: self)  // at once: the handshake does not hop
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        scheduler.schedule {
            let current = self.state  // cancelled meanwhile: nobody to deliver to
            guard let downstream = current.downstream else { return }
            let more = downstream.receive(input)
            if more > .none { current.upstream?.request(more) }
        }
        return .none  // what the subscriber returns is only known on the scheduler
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        scheduler.schedule {
            let downstream = self.$state.mutate { state in
                defer { state = State() }
                return state.downstream
            }
            downstream?.receive(completion: completion)
        }
    }

    func request(_ demand: Subscribers.Demand) {
        state.upstream?.request(demand)
    }

    func cancel() {
        let upstream = $state.mutate { state in
            defer { state = State() }
            return state.upstream
        }
        upstream?.cancel()
    }
}
// snippet.end
