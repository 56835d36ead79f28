/// A subscriber that receives at most a given number of values, asking for them one at a
/// time, and can be allowed more later with `increaseDemand(_:)`.
///
/// Values the upstream offers beyond what was asked for are the upstream's to keep or
/// drop; a `PassthroughSubject`, for one, drops them. Its state sits behind a lock, but
/// the lock is never held while calling the subscription, so a synchronous upstream
/// (`Just`, `[1, 2, 3].publisher`) that delivers from inside `request` cannot deadlock it.
public struct CustomDemandSink<Input, Failure: Error>: Subscriber, Cancellable,
    @unchecked Sendable
{
    private struct State {
        var demand: Int
        var subscription: Subscription?
        /// Set by completion and cancel: from then on every subscription is refused, as
        /// `Subscribers.Sink` refuses one, so a finished sink is never reactivated.
        var ended = false

        /// What is left once the sink has ended: no demand, no subscription.
        static var ended: State { State(demand: 0, subscription: nil, ended: true) }
    }

    private let state: AtomicBox<State>
    private let receiveValue: (Input) -> Void
    private let receiveCompletion: (Subscribers.Completion<Failure>) -> Void

    /// Identifies this sink; copies share it, as they share the state.
    public let combineIdentifier = CombineIdentifier()

    /// A sink that accepts `demand` values until told otherwise.
    public init(
        demand: Int,
        receiveValue: @escaping (Input) -> Void,
        receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void
    ) {
        precondition(demand >= 0, "demand must be zero or more, got \(demand)")
        state = AtomicBox(State(demand: demand, subscription: nil))
        self.receiveValue = receiveValue
        self.receiveCompletion = receiveCompletion
    }

    /// Keeps the subscription and asks for the first value, if any is allowed.
    public func receive(subscription: Subscription) {
        let accepted = state.mutate { state -> (accepted: Bool, request: Bool) in
            guard state.subscription == nil, !state.ended else { return (false, false) }
            state.subscription = subscription
            guard state.demand > 0 else { return (true, false) }
            state.demand -= 1
            return (true, true)
        }
        if !accepted.accepted {
            subscription.cancel()
        } else if accepted.request {
            subscription.request(.max(1))
        }
    }

    // snippet.receive
    /// Hands the value on, then asks for one more while the counter lasts.
    public func receive(_ input: Input) -> Subscribers.Demand {
        receiveValue(input)
        return state.mutate { state in
            guard state.demand > 0 else { return .none }
            state.demand -= 1
            return .max(1)
        }
    }
    // snippet.end

    /// Hands the completion on after forgetting the subscription.
    public func receive(completion: Subscribers.Completion<Failure>) {
        state.mutate { $0 = .ended }
        receiveCompletion(completion)
    }

    // snippet.increase-demand
    /// Allows `demand` more values; asks for the next one at once when subscribed.
    public func increaseDemand(_ demand: Int) {
        precondition(demand >= 0, "demand must be zero or more, got \(demand)")
        let subscription = state.mutate { state -> Subscription? in
            // Stops at `Int.max`: a budget stays a count (a `Demand` would become `.unlimited`).
            let (sum, overflowed) = state.demand.addingReportingOverflow(demand)
            state.demand = overflowed ? .max : sum
            guard state.demand > 0, let subscription = state.subscription else { return nil }
            state.demand -= 1
            return subscription
        }
        // Outside the lock: a synchronous upstream delivers from inside `request`.
        subscription?.request(.max(1))
    }
    // snippet.end

    /// Stops receiving: forgets the subscription and the remaining demand, and refuses any
    /// later subscription.
    public func cancel() {
        let subscription = state.mutate { state -> Subscription? in
            defer { state = .ended }
            return state.subscription
        }
        subscription?.cancel()
    }
}
