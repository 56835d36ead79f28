/// A subject built from `SubscriptionBehavior` and `CustomSubscription`, behaving like
/// `PassthroughSubject`: values reach the subscribers present, in the order they
/// subscribed, as far as each one's demand allows.
///
/// After a completion, sends are ignored and a late subscriber gets its subscription and
/// then the completion.
///
/// Subscribed to upstream publishers, it asks them for values only once a subscriber has
/// asked it for some (then for `.unlimited`, from every upstream, present and future), so an
/// upstream that waits for demand keeps its values until someone listens; a late subscriber,
/// after a completion, asks nothing; a released subject cancels the upstream subscriptions it
/// was given. All three are what `PassthroughSubject` does, as observed on OpenCombine 0.14
/// and expected by OpenCombine's own tests.
public final class CustomSubject<Output, Failure: Error>: Subject, @unchecked Sendable {
    @usableFromInline typealias Link = CustomSubscription<Behavior>

    @usableFromInline
    struct State {
        @usableFromInline var subscribers = SubscriberList<Link>()
        @usableFromInline var completion: Subscribers.Completion<Failure>?
        /// The subscriptions the subject receives from as a subscriber, cancelled on release.
        var upstreams: [Subscription] = []
        /// Set by the first request of any subscriber, and never reset: from then on every
        /// upstream, present and future, has been asked for `.unlimited`.
        var demanded = false
    }

    // snippet.behavior
    @usableFromInline
    final class Behavior: SubscriptionBehavior {
        @usableFromInline typealias Input = Output
        @usableFromInline typealias OutputFailure = Failure

        @exclusivity(unchecked) @usableFromInline var demand = Subscribers.Demand.none
        @usableFromInline var upstream: Subscription?
        @usableFromInline let downstream: AnySubscriber<Output, Failure>

        init(downstream: AnySubscriber<Output, Failure>) {
            self.downstream = downstream
        }
    }
    // snippet.end

    @usableFromInline @Atomic var state: State

    /// `$state` under a name the inlinable `send` may use. A stored reference to the same
    /// box, not a computed property: `send` loads it directly instead of calling a getter
    /// that returns it retained (about 50 instructions per value).
    @usableFromInline let stateBox: AtomicBox<State>

    /// A subject with no subscribers yet.
    public init() {
        let state = Atomic(wrappedValue: State())
        _state = state
        stateBox = state.projectedValue
    }

    deinit {
        for upstream in state.upstreams {
            upstream.cancel()
        }
    }

    // snippet.receive-subscriber
    /// Registers the subscriber and hands it its subscription; after a completion, hands
    /// it the subscription and the completion instead.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
        let link = Link(behavior: Behavior(downstream: AnySubscriber(forwardingTo: subscriber)))
        let id = link.combineIdentifier
        // Holding the link's delivery lock makes registering and the handshake one step: a
        // completion sent meanwhile waits, so it cannot overtake the subscription, and a request
        // or cancel made in the handshake reaches the subject once the link is on the list.
        link.deliver {
            let completion = $state.mutate { state in
                if state.completion == nil {
                    state.subscribers.append(link, id: id)
                }
                return state.completion
            }
            // The subject is the link's upstream: cancelling the link leaves the subject.
            let membership = SubjectMembership(leave: { self.remove(id) }, ask: subscriberAsked)
            link.receive(subscription: membership)
            if let completion {
                link.receive(completion: completion)
            }
        }
    }
    // snippet.end

    // snippet.send-subscription
    /// Used as a subscriber: keeps the upstream subscription, and asks it for `.unlimited`
    /// only if a subscriber has already asked the subject for values.
    public func send(subscription: Subscription) {
        let demanded = $state.mutate { state in
            state.upstreams.append(subscription)
            return state.demanded
        }
        if demanded {
            subscription.request(.unlimited)
        }
    }

    /// A subscriber asked for values: the first time, every upstream is asked for everything.
    /// A late subscriber's handshake asks too, after the completion: that asks nothing.
    private func subscriberAsked() {
        let upstreams = $state.mutate { state -> [Subscription] in
            // Every request comes here; only the first reads the completion, whose generic
            // type costs two metadata look-ups (about 800 instructions) wherever it is read.
            state.demanded ? [] : Self.firstAsked(&state)
        }
        for upstream in upstreams {
            upstream.request(.unlimited)
        }
    }

    /// The first request: the upstreams to ask, unless the subject has completed.
    @inline(never)
    private static func firstAsked(_ state: inout State) -> [Subscription] {
        guard state.completion == nil else { return [] }
        state.demanded = true
        return state.upstreams
    }
    // snippet.end

    // snippet.send
    /// Delivers `value` to every current subscriber that has demand for it.
    @inlinable
    public func send(_ value: Output) {
        let slots = stateBox.mutate { $0.completion == nil ? $0.subscribers.slots : [] }
        for slot in slots {
            _ = slot?.element.receive(value)
        }
    }
    // snippet.end

    // snippet.send-completion
    /// Delivers the completion once, then forgets every subscriber.
    public func send(completion: Subscribers.Completion<Failure>) {
        let slots = $state.mutate { state -> [SubscriberList<Link>.Slot?] in
            guard state.completion == nil else { return [] }
            state.completion = completion
            defer { state.subscribers = SubscriberList() }
            return state.subscribers.slots
        }
        for slot in slots {
            slot?.element.receive(completion: completion)
        }
    }
    // snippet.end

    private func remove(_ id: CombineIdentifier) {
        $state.mutate { _ = $0.subscribers.remove(id: id) }
    }

    /// How many subscribers are registered; they leave on cancel and on completion.
    var subscriberCount: Int {
        state.subscribers.count
    }
}
