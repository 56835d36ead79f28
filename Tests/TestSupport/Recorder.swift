import CustomCombine
import Foundation

/// The tests' one recording subscriber: records every call in order, asks for a chosen
/// demand, lets a test react inside each call (`onSubscription`, `onValue`, whose result is
/// the extra demand, `onCompletion`), and notices if two deliveries ever overlap.
///
/// Like `Sink`, it lets go of its subscription when it completes or cancels
/// (``subscription`` is then `nil`); ``firstSubscription`` keeps the first one received, for
/// tests that poke a subscription after its end.
package final class Recorder<Input, Failure: Error>: Subscriber, Cancellable,
    @unchecked Sendable
{
    private let lock = NSRecursiveLock()
    private var storedEvents: [Subscribers.Event<Input, Failure>] = []
    private var storedTimeline: [String] = []
    private var storedSubscription: Subscription?
    private var storedFirstSubscription: Subscription?
    private var depth = 0
    private var owner: Thread?
    private var storedOverlaps = 0
    private var storedSubscriptionCount = 0
    private var storedOnValue: ((Input) -> Subscribers.Demand)?
    private var storedOnCompletion: (() -> Void)?
    private let initialDemand: Subscribers.Demand
    private let onSubscription: ((Subscription) -> Void)?

    /// A recorder that requests `demand` when subscribed (nothing for `.none`).
    package init(
        demand: Subscribers.Demand = .unlimited,
        onSubscription: ((Subscription) -> Void)? = nil,
        onValue: ((Input) -> Subscribers.Demand)? = nil,
        onCompletion: (() -> Void)? = nil
    ) {
        initialDemand = demand
        self.onSubscription = onSubscription
        storedOnValue = onValue
        storedOnCompletion = onCompletion
    }

    /// Called with each value after it is recorded; returns the extra demand. May be set
    /// while the recorder is subscribed (a closure that uses the recorder itself), and set
    /// back to `nil` to break that cycle.
    package var onValue: ((Input) -> Subscribers.Demand)? {
        get { lock.withLock { storedOnValue } }
        set { lock.withLock { storedOnValue = newValue } }
    }

    /// Called after the completion is recorded.
    package var onCompletion: (() -> Void)? {
        get { lock.withLock { storedOnCompletion } }
        set { lock.withLock { storedOnCompletion = newValue } }
    }

    /// Values and the completion, in the order received.
    package var events: [Subscribers.Event<Input, Failure>] { lock.withLock { storedEvents } }
    /// The values received.
    package var values: [Input] {
        events.compactMap { if case .value(let value) = $0 { return value } else { return nil } }
    }
    /// The completions received (more than one is the publisher's bug).
    package var completions: [Subscribers.Completion<Failure>] {
        events.compactMap {
            if case .complete(let completion) = $0 { return completion } else { return nil }
        }
    }
    /// Every call, as text: `subscription`, each value, `finished` or `failure(…)`.
    package var timeline: [String] { lock.withLock { storedTimeline } }
    /// The subscription held, until completion or cancel.
    package var subscription: Subscription? { lock.withLock { storedSubscription } }
    /// The first subscription received, kept after completion and cancel.
    package var firstSubscription: Subscription? { lock.withLock { storedFirstSubscription } }
    /// How many deliveries started while another thread was inside one.
    package var overlaps: Int { lock.withLock { storedOverlaps } }
    /// How many subscriptions arrived.
    package var subscriptionCount: Int { lock.withLock { storedSubscriptionCount } }

    package func receive(subscription: Subscription) {
        lock.withLock {
            storedSubscription = subscription
            storedFirstSubscription = storedFirstSubscription ?? subscription
            storedSubscriptionCount += 1
            storedTimeline.append("subscription")
        }
        onSubscription?(subscription)
        if initialDemand > 0 {
            subscription.request(initialDemand)
        }
    }

    package func receive(_ input: Input) -> Subscribers.Demand {
        enter()
        defer { leave() }
        let onValue = lock.withLock {
            storedEvents.append(.value(input))
            storedTimeline.append("\(input)")
            return storedOnValue
        }
        return onValue?(input) ?? .none
    }

    package func receive(completion: Subscribers.Completion<Failure>) {
        enter()
        defer { leave() }
        let onCompletion = lock.withLock {
            storedEvents.append(.complete(completion))
            storedTimeline.append("\(completion)")
            storedSubscription = nil
            return storedOnCompletion
        }
        onCompletion?()
    }

    /// Requests more from the subscription held.
    package func request(_ demand: Subscribers.Demand) {
        subscription?.request(demand)
    }

    /// Cancels and lets go of the subscription held.
    package func cancel() {
        let subscription = lock.withLock { () -> Subscription? in
            defer { storedSubscription = nil }
            return storedSubscription
        }
        subscription?.cancel()
    }

    // A re-entrant call on the same thread is not an overlap; only another thread is.
    private func enter() {
        lock.withLock {
            if depth > 0 && owner != Thread.current { storedOverlaps += 1 }
            depth += 1
            owner = Thread.current
        }
    }

    private func leave() {
        lock.withLock { depth -= 1 }
    }
}
