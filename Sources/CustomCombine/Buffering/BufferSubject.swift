/// A subject that remembers: it sends like `PassthroughSubject` and also records what it
/// sends in one shared `Buffer`, so every new subscriber first receives a replay of that
/// buffer, then the live values, with no gap and no duplicate.
///
/// Each subscriber also buffers what it has not asked for yet (same limit and strategy),
/// so a slow subscriber loses values only by the buffer's rule. After a completion a late
/// subscriber gets the replay and then the completion.
public final class BufferSubject<Output, Failure: Error>: Subject, @unchecked Sendable {
    private typealias Link = CustomSubscription<Behavior>

    private struct State {
        var subscribers = SubscriberList<Link>()
        var buffer: Buffer<Output, Failure>
    }

    final class Behavior: SubscriptionBehavior {
        typealias Input = Output
        typealias OutputFailure = Failure

        var demand = Subscribers.Demand.none
        var upstream: Subscription?
        let downstream: AnySubscriber<Output, Failure>
        let subject: BufferSubject
        var buffer: Buffer<Output, Failure>
        // Set while `drain()` runs: a re-entrant call only records, the running loop delivers.
        private var draining = false
        // Set by `cancel()`, which may come from inside a delivery: the loop stops there.
        private var cancelled = false

        init(subject: BufferSubject, downstream: AnySubscriber<Output, Failure>) {
            self.subject = subject
            self.downstream = downstream
            self.buffer = Buffer(limit: subject.limit, strategy: subject.strategy)
        }

        var hasPendingEvents: Bool { !buffer.isEmpty }

        // snippet.behavior-request
        func request(_ demand: Subscribers.Demand) {
            self.demand += demand
            drain()
        }

        /// Delivers buffered values while there is demand, then the completion once no
        /// value is left. A single loop, so a subscriber requesting from inside
        /// `receive(_:)` extends the loop instead of recursing.
        private func drain() {
            guard !draining else { return }
            draining = true
            defer { draining = false }
            while !cancelled {
                if buffer.valueCount > 0 {
                    guard demand > 0, case .value(let value)? = buffer.fetch() else { return }
                    demand -= 1
                    demand += downstream.receive(value)
                } else if case .complete(let completion)? = buffer.fetch() {
                    downstream.receive(completion: completion)
                    return
                } else {
                    return
                }
            }
        }
        // snippet.end

        // snippet.behavior-receive
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
                buffer.push(input)
                drain()
            }
            return .none
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            buffer.push(completion: completion)
            drain()
        }

        func cancel() {
            cancelled = true
            subject.remove(combineIdentifier)
        }
        // snippet.end
    }

    private let limit: Int
    private let strategy: Publishers.BufferingStrategy<Failure>
    @Atomic private var state: State

    /// A subject replaying up to `limit` values; `whenFull` decides which ones it keeps.
    public init(
        limit: Int = 1,
        whenFull strategy: Publishers.BufferingStrategy<Failure> = .dropOldest
    ) {
        self.limit = limit
        self.strategy = strategy
        _state = Atomic(wrappedValue: State(buffer: Buffer(limit: limit, strategy: strategy)))
    }

    // snippet.receive-subscriber
    /// Registers the subscriber with a copy of the shared buffer, taken in the same locked
    /// step, so each value is either in the replay or sent live, never both or neither.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
        let behavior = Behavior(subject: self, downstream: AnySubscriber(subscriber))
        let link = Link(behavior: behavior)
        link.withLock {
            behavior.buffer = $state.mutate { state in
                if !state.buffer.isTerminated {
                    state.subscribers.append(link, id: link.combineIdentifier)
                }
                return state.buffer
            }
            link.receive(subscription: Subscriptions.empty)
            if let completion = behavior.buffer.completion {
                // Queued behind the replayed values; also lets the wrapper release the
                // behavior once everything is delivered.
                link.receive(completion: completion)
            }
        }
    }
    // snippet.end

    /// Used as a subscriber, the subject takes everything upstream offers.
    public func send(subscription: Subscription) {
        subscription.request(.unlimited)
    }

    // snippet.send
    /// Records `value` and delivers it to every current subscriber.
    public func send(_ value: Output) {
        let slots = $state.mutate { state -> [SubscriberList<Link>.Slot?] in
            guard !state.buffer.isTerminated else { return [] }
            state.buffer.push(value)
            return state.subscribers.slots
        }
        for slot in slots {
            _ = slot?.element.receive(value)
        }
    }

    /// Records the completion, delivers it, then forgets every subscriber.
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
