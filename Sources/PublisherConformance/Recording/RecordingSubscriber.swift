import CustomCombine
import Foundation
import Synchronization

/// A subscriber that records every signal in a demand ledger and checks the parts of the
/// contract that can be judged signal by signal (rules 1, 2, 4 and 9) as they happen.
///
/// It is deliberately well behaved itself: it cancels a second subscription, never requests
/// `.none`, and drops its subscription on cancel and on completion, so that any violation in
/// its ledger belongs to the publisher under test.
///
/// Unchecked Sendable: the hooks and `tag` are the scenario's closures, not `@Sendable`.
public final class RecordingSubscriber<Input, Failure: Error>: Subscriber, Cancellable,
    @unchecked Sendable
{
    /// Called inside `receive(_:)`; its result is the extra demand returned to the publisher.
    /// Lets scenarios request, cancel or send from inside the callback (rule 8).
    public typealias ValueHook = (RecordingSubscriber, Input) -> Subscribers.Demand
    /// Called inside `receive(subscription:)` after the initial request, with the
    /// subscription: lets scenarios cancel before the handshake is over.
    public typealias SubscriptionHook = (RecordingSubscriber, Subscription) -> Void

    /// Identifies the subscriber to the publisher, as every `Subscriber` must.
    public let combineIdentifier = CombineIdentifier()
    /// A name for messages ("late subscriber", "churn 3").
    public let label: String

    private let initialDemand: Subscribers.Demand?
    private let tag: (Input) -> Int
    private let dwell: UInt32
    private let onValue: ValueHook?
    private let onSubscription: SubscriptionHook?
    private let heartbeat: Heartbeat?
    private let state = Mutex(State())
    private let inFlight = InFlightCounter()

    /// The ledger and what it is checked against, shared by every thread that signals.
    /// Unchecked: it holds the publisher's values and subscription, touched only in `state`.
    private struct State: @unchecked Sendable {
        var subscription: Subscription?
        var entries: [LedgerEntry] = []
        var recordedValues: [Input] = []
        var recordedTags: [Int] = []
        var completions: [Subscribers.Completion<Failure>] = []
        var subscriptions = 0
        var cumulative = Subscribers.Demand.none
        var delivered = 0
        var cancelled = false
        var afterCancel = 0
        var found: [(ConformanceRule, String)] = []

        /// Records a violation, in the list and in the ledger.
        mutating func note(_ rule: ConformanceRule, _ message: String) {
            found.append((rule, message))
            entries.append(.violation(rule, message))
        }
    }

    /// - Parameters:
    ///   - label: names this subscriber in failure messages.
    ///   - initialDemand: requested from inside `receive(subscription:)`; `nil` requests nothing.
    ///   - tag: maps a value to the integer the scenario sent, to find gaps and duplicates.
    ///   - dwell: microseconds spent inside `receive(_:)`, widening race windows for rule 9.
    ///   - onValue: see ``ValueHook``; without it every value returns `.none`.
    ///   - onSubscription: see ``SubscriptionHook``.
    public convenience init(
        label: String,
        initialDemand: Subscribers.Demand?,
        tag: @escaping (Input) -> Int,
        dwell: UInt32 = 0,
        onValue: ValueHook? = nil,
        onSubscription: SubscriptionHook? = nil
    ) {
        self.init(
            label: label, initialDemand: initialDemand, tag: tag, dwell: dwell, onValue: onValue,
            onSubscription: onSubscription, heartbeat: nil)
    }

    /// As the public initializer, beating `heartbeat` on every signal so that a watchdog
    /// can tell a slow scenario from a deadlocked one.
    init(
        label: String, initialDemand: Subscribers.Demand?, tag: @escaping (Input) -> Int,
        dwell: UInt32, onValue: ValueHook?, onSubscription: SubscriptionHook?,
        heartbeat: Heartbeat?
    ) {
        self.label = label
        self.initialDemand = initialDemand
        self.tag = tag
        self.dwell = dwell
        self.onValue = onValue
        self.onSubscription = onSubscription
        self.heartbeat = heartbeat
    }

    /// The values received so far, in arrival order.
    public var values: [Input] { state.withLock { $0.recordedValues } }
    /// The tags of the values received so far, in arrival order.
    public var tags: [Int] { state.withLock { $0.recordedTags } }
    /// Completions received (more than one is a rule 4 violation).
    public var completionCount: Int { state.withLock { $0.completions.count } }
    /// The failure, if the publisher failed.
    public var failed: Bool {
        state.withLock {
            $0.completions.contains {
                if case .failure = $0 { return true }
                return false
            }
        }
    }
    /// How many `receive(subscription:)` calls arrived.
    public var subscriptionCount: Int { state.withLock { $0.subscriptions } }
    /// Values that arrived after this subscriber cancelled (rule 6).
    public var valuesAfterCancel: Int { state.withLock { $0.afterCancel } }
    /// The subscription currently held, so scenarios can poke it after a cancel.
    public var currentSubscription: Subscription? { state.withLock { $0.subscription } }
    /// Violations noticed on the fly, each with its rule.
    public var violations: [(rule: ConformanceRule, message: String)] {
        state.withLock { $0.found.map { (rule: $0.0, message: $0.1) } }
    }

    /// The ledger so far, one signal per line, for failure messages.
    public var ledger: ScenarioFailure.History {
        let lines = state.withLock { $0.entries.map(\.description) }
        return ScenarioFailure.History(label: label, lines: lines)
    }

    /// The numbered ledger, at most about 60 lines of it, for failure messages.
    public var history: String {
        ledger.rendered(limit: 60)
    }

    /// Requests more values, writing the request into the ledger before it is made,
    /// because a synchronous publisher delivers from inside `request(_:)`.
    public func request(_ demand: Subscribers.Demand, context: String = "scenario") {
        heartbeat?.beat()
        let target: Subscription? = state.withLock { state in
            guard let subscription = state.subscription else { return nil }
            state.cumulative += demand
            state.entries.append(
                .request(demand, cumulative: state.cumulative, context: context))
            return subscription
        }
        target?.request(demand)
    }

    /// Cancels and forgets the subscription, as `Sink` does, which breaks the
    /// subscriber-subscription cycle (rule 7 depends on it).
    public func cancel() {
        let target: Subscription? = state.withLock { state in
            state.cancelled = true
            state.entries.append(
                .cancel(context: state.subscription == nil ? "no subscription" : "held"))
            defer { state.subscription = nil }
            return state.subscription
        }
        target?.cancel()
    }

    /// Records the subscription, cancels any second one, and makes the initial request.
    ///
    /// This call is left out of the in-flight count on purpose: Combine makes demand live
    /// the moment it is requested, so a subject sending on another thread may deliver the
    /// first values before `receive(subscription:)` has returned (OpenCombine's
    /// PassthroughSubject does under ThreadSanitizer's slower scheduling). Rule 9 judges
    /// values and completions against each other.
    public func receive(subscription newSubscription: Subscription) {
        heartbeat?.beat()
        let accepted: Bool = state.withLock { state in
            state.subscriptions += 1
            state.entries.append(.subscription(ordinal: state.subscriptions))
            if state.subscriptions > 1 {
                state.note(.subscriptionFirst, "a second subscription arrived")
                return false
            }
            if !state.completions.isEmpty {
                state.note(.subscriptionFirst, "subscription arrived after the completion")
            }
            if !state.recordedValues.isEmpty {
                state.note(.subscriptionFirst, "subscription arrived after values")
            }
            state.subscription = newSubscription
            return true
        }
        guard accepted else {
            newSubscription.cancel()
            return
        }
        if let initialDemand {
            request(initialDemand, context: "inside receive(subscription:)")
        }
        onSubscription?(self, newSubscription)
    }

    /// Records a value and checks it against the ledger: subscribed, not completed, in demand.
    public func receive(_ input: Input) -> Subscribers.Demand {
        heartbeat?.beat()
        let overlapping = inFlight.enter()
        defer { inFlight.leave() }
        state.withLock { state in
            state.delivered += 1
            state.entries.append(
                .value(
                    String(describing: input), delivered: state.delivered,
                    cumulative: state.cumulative, returned: .none))
            state.recordedValues.append(input)
            state.recordedTags.append(tag(input))
            if overlapping {
                state.note(.serialDelivery, "receive(_:) overlaps a call on another thread")
            }
            if state.subscriptions == 0 {
                state.note(.subscriptionFirst, "value before any subscription")
            }
            if !state.completions.isEmpty {
                state.note(.singleCompletion, "value after the completion")
            }
            if state.cumulative != .unlimited,
                Subscribers.Demand.max(state.delivered) > state.cumulative
            {
                state.note(
                    .demandBound,
                    "value #\(state.delivered) exceeds cumulative demand \(state.cumulative)")
            }
            if state.cancelled { state.afterCancel += 1 }
        }
        if dwell > 0 { usleep(dwell) }
        let extra = onValue?(self, input) ?? .none
        if extra != .none {
            state.withLock { state in
                state.cumulative += extra
                state.entries.append(
                    .request(
                        extra, cumulative: state.cumulative, context: "returned from receive(_:)"))
            }
        }
        return extra
    }

    /// Records the completion, checks there was none before, and drops the subscription.
    public func receive(completion: Subscribers.Completion<Failure>) {
        heartbeat?.beat()
        let overlapping = inFlight.enter()
        defer { inFlight.leave() }
        state.withLock { state in
            state.entries.append(.completion(String(describing: completion)))
            if overlapping {
                state.note(.serialDelivery, "receive(completion:) overlaps another call")
            }
            if state.subscriptions == 0 {
                state.note(.subscriptionFirst, "completion before any subscription")
            }
            if !state.completions.isEmpty { state.note(.singleCompletion, "a second completion") }
            state.completions.append(completion)
            state.subscription = nil
        }
    }
}
