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
/// are scheduled. Its ends are emptied on cancel, and when the completion is delivered, just
/// before the subscriber gets it, which releases both.
///
/// A completion whose turn comes before the handshake is over waits for it: an upstream can
/// send it from another thread before the subscription has been handed down. If no
/// subscription ever comes, the completion is never delivered: the subscriber hears nothing.
final class ReceiveOnHop<Input, Failure: Error, Context: Scheduler>: Subscriber, Subscription {
    struct State {
        var upstream: Subscription?
        var downstream: AnySubscriber<Input, Failure>?
        /// How many deliveries the thread holding `delivery` is inside; only it changes this.
        var depth = 0
        /// Demand asked for during a delivery, sent up once the outermost one is over.
        var pendingDemand = Subscribers.Demand.none
        /// The upstream to cancel once the outermost delivery is over.
        var pendingCancel: Subscription?
        /// Whether the subscriber's `receive(subscription:)` has returned.
        var handshakeOver = false
        /// A completion whose turn came before that, scheduled again once it has.
        var heldCompletion: Subscribers.Completion<Failure>?
    }

    @Atomic private var state: State
    /// Held while the subscriber is called, so that two scheduled actions never call it at
    /// once; recursive, because a subscriber that sends upstream can bring the next delivery
    /// on the same thread. Never held while calling upstream: what the subscriber asks for
    /// inside a delivery is written down and made after it.
    private let delivery = Lock(recursive: true)
    private let scheduler: Context

    init(downstream: AnySubscriber<Input, Failure>, scheduler: Context) {
        _state = Atomic(wrappedValue: State(downstream: downstream))
        self.scheduler = scheduler
    }

    func receive(subscription: Subscription) {
        // At once: the handshake does not hop. Under `delivery`, so that a completion
        // scheduled on another thread waits for it; one whose turn came earlier was held.
        let (accepted, held) = deliver { () -> (Bool, Subscribers.Completion<Failure>?) in
            let downstream = $state.mutate { state -> AnySubscriber<Input, Failure>? in
                guard state.upstream == nil, let downstream = state.downstream else { return nil }
                state.upstream = subscription
                return downstream
            }
            guard let downstream else { return (false, nil) }
            downstream.receive(subscription: self)
            let held = $state.mutate { state -> Subscribers.Completion<Failure>? in
                state.handshakeOver = true
                defer { state.heldCompletion = nil }
                return state.heldCompletion
            }
            return (true, held)
        }
        guard accepted else { return subscription.cancel() }
        if let held { receive(completion: held) }  // its turn again, after the handshake
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        scheduler.schedule {
            self.deliver {
                // Cancelled or completed meanwhile: nobody to deliver to.
                guard let downstream = self.state.downstream else { return }
                let more = downstream.receive(input)
                // Added only if the subscriber did not cancel while it received the value.
                self.$state.mutate { if $0.upstream != nil { $0.pendingDemand += more } }
            }
        }
        return .none  // what the subscriber returns is only known on the scheduler
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        scheduler.schedule {
            self.deliver {
                // Before the handshake is over: held for it. The handshake also runs under
                // `delivery`, so it cannot end between this check and `clear()`.
                let held = self.$state.mutate { state -> Bool in
                    guard !state.handshakeOver else { return false }
                    state.heldCompletion = completion
                    return true
                }
                if !held { self.clear().downstream?.receive(completion: completion) }
            }
        }
    }

    func request(_ demand: Subscribers.Demand) {
        guard isDelivering else {
            state.upstream?.request(demand)
            return
        }
        $state.mutate { if $0.upstream != nil { $0.pendingDemand += demand } }
    }

    func cancel() {
        guard isDelivering else {
            clear().upstream?.cancel()
            return
        }
        let ends = clear()
        $state.mutate { $0.pendingCancel = ends.upstream ?? $0.pendingCancel }
    }

    /// Runs `body` under `delivery`; once this thread's outermost delivery is over and the
    /// lock released, makes the request or cancel the subscriber wrote down meanwhile.
    private func deliver<Result>(_ body: () -> Result) -> Result {
        delivery.lock()
        $state.mutate { $0.depth += 1 }
        let result = body()
        let (upstream, demand, cancelled) = $state.mutate {
            state -> (Subscription?, Subscribers.Demand, Subscription?) in
            state.depth -= 1
            guard state.depth == 0 else { return (nil, .none, nil) }
            defer { (state.pendingDemand, state.pendingCancel) = (.none, nil) }
            return (state.upstream, state.pendingDemand, state.pendingCancel)
        }
        delivery.unlock()
        if let cancelled {
            cancelled.cancel()
        } else if demand > .none {
            upstream?.request(demand)
        }
        return result
    }

    /// Whether this thread is inside a delivery: only the thread holding `delivery` gets it
    /// again with `tryLock()` and finds a depth above 0. Never waits.
    private var isDelivering: Bool {
        guard delivery.tryLock() else { return false }
        defer { delivery.unlock() }
        return state.depth > 0
    }

    /// Empties both ends and returns what they held, so that they are released after the
    /// state's lock is, never under it.
    private func clear() -> (upstream: Subscription?, downstream: AnySubscriber<Input, Failure>?) {
        $state.mutate { state in
            defer { (state.upstream, state.downstream) = (nil, nil) }
            return (state.upstream, state.downstream)
        }
    }
}
// snippet.end
