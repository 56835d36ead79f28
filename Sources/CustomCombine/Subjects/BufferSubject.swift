/// A subject that remembers: it sends like `PassthroughSubject` and also records what it
/// sends in one shared `Buffer`, so every new subscriber first receives a replay of that
/// buffer, then the live values, with no gap and no duplicate.
///
/// Each subscriber also buffers what it has not asked for yet (same limit and strategy),
/// so a slow subscriber loses values only by the buffer's rule. After a completion a late
/// subscriber gets the replay and then the completion.
///
/// Subscribed to upstream publishers, it asks each for `.unlimited` at once, as
/// `CurrentValueSubject` does (observed on OpenCombine 0.14): what it takes is recorded for
/// subscribers still to come, not dropped. A released subject cancels the upstream
/// subscriptions it was given.
public final class BufferSubject<Output, Failure: Error>: Subject, @unchecked Sendable {
    @usableFromInline typealias Link = CustomSubscription<Behavior>

    @usableFromInline
    struct State {
        @usableFromInline var subscribers = SubscriberList<Link>()
        @usableFromInline var buffer: Buffer<Output, Failure>
        /// The subscriptions the subject receives from as a subscriber, cancelled on release.
        var upstreams: [Subscription] = []
    }

    @usableFromInline
    final class Behavior: SubscriptionBehavior {
        @usableFromInline typealias Input = Output
        @usableFromInline typealias OutputFailure = Failure

        @exclusivity(unchecked) @usableFromInline var demand = Subscribers.Demand.none
        @usableFromInline var upstream: Subscription? {
            didSet {
                if let stand = upstream as? DeferredUpstream {
                    link = stand.state
                }
            }
        }
        /// The link's state, for its cancel flag: taken from the stand-in once, when it is set
        /// (not cast per value), and kept after the link lets go of its upstream on
        /// completion, since a replay still drains then. Unowned: the link owns this behavior,
        /// and only the link runs it.
        private unowned(unsafe) var link: DeliveryState?
        @usableFromInline let downstream: AnySubscriber<Output, Failure>
        @exclusivity(unchecked) @usableFromInline var buffer: Buffer<Output, Failure>
        // Set while `drain()` runs: a re-entrant call only records, the running loop delivers.
        @usableFromInline var draining = false
        // Set by `cancel()`, which may come from inside a delivery: the loop stops there.
        var cancelled = false

        /// Cancelled from inside a delivery, or by another thread while this one delivers
        /// (the link's own flag, which `cancel()` sets before it returns): either way the
        /// loop starts no new delivery. `link` is passed in, read once per loop, not per value.
        func isCancelled(_ link: DeliveryState?) -> Bool {
            cancelled || link?.isCancelled == true
        }

        init(downstream: AnySubscriber<Output, Failure>, buffer: Buffer<Output, Failure>) {
            self.downstream = downstream
            self.buffer = buffer
        }

        @inlinable var hasPendingEvents: Bool { !buffer.isEmpty }

        // snippet.behavior-request
        @usableFromInline func request(_ demand: Subscribers.Demand) {
            self.demand += demand
            drain()
        }

        /// Delivers buffered values while there is demand, then the completion once no
        /// value is left. A single loop, so a subscriber requesting from inside
        /// `receive(_:)` extends the loop instead of recursing.
        @usableFromInline func drain() {
            guard !draining else { return }
            draining = true
            defer { draining = false }
            let link = self.link
            while !isCancelled(link) {
                if buffer.valueCount > 0 {
                    guard demand > 0 else { return }
                    if demand == .unlimited {
                        // Nothing can lower the demand now: take the whole queue at once, as
                        // an array (iterating a `Deque` in generic code costs far more).
                        for value in ContiguousArray(buffer.takeValues()) {
                            if isCancelled(link) { return }
                            _ = downstream.receive(value)
                        }
                    } else {
                        demand -= 1
                        demand += downstream.receive(buffer.removeFirstValue())
                    }
                } else if case .complete(let completion)? = buffer.fetch() {
                    downstream.receive(completion: completion)
                    // Still attached when the completion goes out: either this subscriber's own
                    // overflow failure (`.customError`), or, for a subscriber that came after
                    // the end, the replayed completion reached during its handshake. Either
                    // way its stream has ended: the link cancels itself, as if the subscriber
                    // had, so it leaves the subject (an overflowed subscriber) or lets go at
                    // once (a late one, which was never listed).
                    if upstream != nil {
                        _ = link?.postCancel()
                    }
                    return
                } else {
                    return
                }
            }
        }
        // snippet.end

        // snippet.behavior-receive
        @inlinable
        func receive(_ input: Output) -> Subscribers.Demand {
            if demand > 0 && buffer.isEmpty && !draining {
                demand -= 1
                draining = true
                demand += downstream.receive(input)
                draining = false
                if !buffer.isEmpty {
                    drain()  // what was sent re-entrantly while we were delivering
                }
            } else {
                // Values the subscriber already asked for are owed, not subject to the
                // limit: only a send from inside its own delivery queues them.
                buffer.push(input, asked: demand.max ?? .max)
                drain()
            }
            return .none
        }

        @usableFromInline func receive(completion: Subscribers.Completion<Failure>) {
            buffer.push(completion: completion)
            drain()
        }

        @usableFromInline func cancel() {
            cancelled = true
            upstream?.cancel()  // leaves the subject
        }
        // snippet.end
    }

    private let limit: Int
    private let strategy: Publishers.BufferingStrategy<Failure>
    @usableFromInline @Atomic var state: State

    /// `$state` under a name the inlinable `send` may use. A stored reference to the same
    /// box, not a computed property: `send` loads it directly instead of calling a getter
    /// that returns it retained.
    @usableFromInline let stateBox: AtomicBox<State>

    /// A subject replaying up to `limit` values; `whenFull` decides which ones it keeps.
    /// `.customError` fails only a subscriber whose own buffer overflows: the shared record
    /// then keeps the latest values (`.dropOldest`), so it never ends the stream for everybody.
    public init(
        limit: Int = 1,
        whenFull strategy: Publishers.BufferingStrategy<Failure> = .dropOldest
    ) {
        self.limit = limit
        self.strategy = strategy
        var recordStrategy = strategy
        if case .customError = strategy {
            recordStrategy = .dropOldest
        }
        let state = Atomic(
            wrappedValue: State(buffer: Buffer(limit: limit, strategy: recordStrategy)))
        _state = state
        stateBox = state.projectedValue
    }

    deinit {
        for upstream in state.upstreams {
            upstream.cancel()
        }
    }

    // snippet.receive-subscriber
    /// Registers the subscriber with a copy of the shared buffer, taken in the same locked
    /// step, so each value is either in the replay or sent live: never both, and never neither
    /// unless the buffer's own rule drops it.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
        let behavior = Behavior(
            downstream: AnySubscriber(forwardingTo: subscriber),
            buffer: Buffer(limit: limit, strategy: strategy))
        let link = Link(behavior: behavior)
        let id = link.combineIdentifier
        link.deliver {
            var completion: Subscribers.Completion<Failure>?
            behavior.buffer = $state.mutate { state in
                if !state.buffer.isTerminated {
                    state.subscribers.append(link, id: id)
                }
                completion = state.buffer.completion
                return state.buffer.detachedCopy(limit: limit, strategy: strategy)
            }
            link.receive(subscription: SubjectMembership { self.remove(id) })
            if let completion {
                // Queued behind the replayed values; also lets the wrapper release the
                // behavior once everything is delivered. Read from the shared buffer, not the
                // copy: a replay drained during the handshake has already taken the copy's.
                link.receive(completion: completion)
            }
        }
    }
    // snippet.end

    // snippet.send-subscription
    /// Used as a subscriber: keeps the upstream subscription and asks it for everything at
    /// once, because what the subject takes is recorded for later subscribers.
    public func send(subscription: Subscription) {
        $state.mutate { $0.upstreams.append(subscription) }
        subscription.request(.unlimited)
    }
    // snippet.end

    // snippet.send
    /// Records `value` and delivers it to every current subscriber.
    @inlinable
    public func send(_ value: Output) {
        let slots = stateBox.mutate { state -> [SubscriberList<Link>.Slot?] in
            guard !state.buffer.isTerminated else { return [] }
            state.buffer.push(value)
            return state.subscribers.slots
        }
        for slot in slots {
            _ = slot?.element.receive(value)
        }
    }

    /// Records the completion, empties the list, then delivers it to the subscribers it had.
    public func send(completion: Subscribers.Completion<Failure>) {
        let slots = $state.mutate { state -> [SubscriberList<Link>.Slot?] in
            guard !state.buffer.isTerminated else { return [] }
            state.buffer.push(completion: completion)
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

    /// How many subscribers are registered.
    var subscriberCount: Int {
        state.subscribers.count
    }
}
