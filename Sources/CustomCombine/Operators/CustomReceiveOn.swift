// snippet.publisher
/// A publisher that delivers its upstream's values and completion on `scheduler`, like
/// `receive(on:)`: the subscription, requests and cancels pass straight through on the
/// caller's thread, so demand reaches upstream without waiting for the scheduler; only what
/// flows down hops.
///
/// Calls into the subscriber never overlap, even on a concurrent scheduler, and nothing
/// follows the completion; but only a serial scheduler keeps the order, so on a concurrent
/// one values may come out of order, and a value the completion overtakes is dropped.
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
    /// Held while the subscriber is called, so that two scheduled actions never call it at
    /// once; recursive, because a request made inside a delivery can bring the next one on
    /// the same thread. The hop itself never calls upstream under it, but a request or cancel
    /// the subscriber makes from inside a delivery reaches upstream with it held.
    private let delivery = Lock(recursive: true)
    private let scheduler: Context

    init(downstream: AnySubscriber<Input, Failure>, scheduler: Context) {
        _state = Atomic(wrappedValue: State(downstream: downstream))
        self.scheduler = scheduler
    }

    func receive(subscription: Subscription) {
        // At once: the handshake does not hop. Under `delivery` from the start, so that a
        // completion scheduled meanwhile on another thread cannot reach the subscriber first.
        let accepted = delivery.withLock { () -> Bool in
            let downstream = $state.mutate { state -> AnySubscriber<Input, Failure>? in
                guard state.upstream == nil, let downstream = state.downstream else { return nil }
                state.upstream = subscription
                return downstream
            }
            downstream?.receive(subscription: self)
            return downstream != nil
        }
        if !accepted { subscription.cancel() }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        scheduler.schedule {
            let more = self.delivery.withLock { () -> Subscribers.Demand in
                // Cancelled or completed meanwhile: nobody to deliver to.
                guard let downstream = self.state.downstream else { return .none }
                return downstream.receive(input)
            }
            // Read again: the subscriber may have cancelled while it received the value.
            if more > .none { self.state.upstream?.request(more) }
        }
        return .none  // what the subscriber returns is only known on the scheduler
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        scheduler.schedule {
            self.delivery.withLock {
                self.clear().downstream?.receive(completion: completion)
            }
        }
    }

    func request(_ demand: Subscribers.Demand) {
        state.upstream?.request(demand)
    }

    func cancel() {
        clear().upstream?.cancel()
    }

    /// Empties the state and returns what it held, so that both ends are released after the
    /// lock is, never under it.
    private func clear() -> State {
        $state.mutate { state in
            let old = state
            state = State()
            return old
        }
    }
}
// snippet.end
