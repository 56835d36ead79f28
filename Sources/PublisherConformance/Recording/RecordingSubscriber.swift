import CustomCombine
import Foundation

/// A subscriber that records every signal in a demand ledger and checks the parts of the
/// contract that can be judged signal by signal (rules 1, 2, 4 and 9) as they happen.
///
/// It is deliberately well behaved itself: it cancels a second subscription, never requests
/// `.none`, and drops its subscription on cancel and on completion, so that any violation in
/// its ledger belongs to the publisher under test.
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
    private let lock = NSLock()
    private let inFlight = InFlightCounter()

    private var subscription: Subscription?
    private var entries: [LedgerEntry] = []
    private var recordedValues: [Input] = []
    private var recordedTags: [Int] = []
    private var completions: [Subscribers.Completion<Failure>] = []
    private var subscriptions = 0
    private var cumulative = Subscribers.Demand.none
    private var delivered = 0
    private var cancelled = false
    private var afterCancel = 0
    private var found: [(ConformanceRule, String)] = []

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
    public var values: [Input] { lock.withLock { recordedValues } }
    /// The tags of the values received so far, in arrival order.
    public var tags: [Int] { lock.withLock { recordedTags } }
    /// Completions received (more than one is a rule 4 violation).
    public var completionCount: Int { lock.withLock { completions.count } }
    /// The failure, if the publisher failed.
    public var failed: Bool {
        lock.withLock {
            completions.contains {
                if case .failure = $0 { return true }
                return false
            }
        }
    }
    /// How many `receive(subscription:)` calls arrived.
    public var subscriptionCount: Int { lock.withLock { subscriptions } }
    /// Values that arrived after this subscriber cancelled (rule 6).
    public var valuesAfterCancel: Int { lock.withLock { afterCancel } }
    /// The subscription currently held, so scenarios can poke it after a cancel.
    public var currentSubscription: Subscription? { lock.withLock { subscription } }
    /// Violations noticed on the fly, each with its rule.
    public var violations: [(rule: ConformanceRule, message: String)] {
        lock.withLock { found.map { (rule: $0.0, message: $0.1) } }
    }

    /// The ledger so far, one signal per line, for failure messages.
    public var ledger: ScenarioFailure.History {
        let lines = lock.withLock { entries.map(\.description) }
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
        let target: Subscription? = lock.withLock {
            guard let subscription else { return nil }
            cumulative += demand
            entries.append(.request(demand, cumulative: cumulative, context: context))
            return subscription
        }
        target?.request(demand)
    }

    /// Cancels and forgets the subscription, as `Sink` does, which breaks the
    /// subscriber-subscription cycle (rule 7 depends on it).
    public func cancel() {
        let target: Subscription? = lock.withLock {
            cancelled = true
            entries.append(.cancel(context: subscription == nil ? "no subscription" : "held"))
            defer { subscription = nil }
            return subscription
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
        let accepted: Bool = lock.withLock {
            subscriptions += 1
            entries.append(.subscription(ordinal: subscriptions))
            if subscriptions > 1 {
                note(.subscriptionFirst, "a second subscription arrived")
                return false
            }
            if !completions.isEmpty {
                note(.subscriptionFirst, "subscription arrived after the completion")
            }
            if !recordedValues.isEmpty {
                note(.subscriptionFirst, "subscription arrived after values")
            }
            subscription = newSubscription
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
        lock.withLock {
            delivered += 1
            entries.append(
                .value(
                    String(describing: input), delivered: delivered, cumulative: cumulative,
                    returned: .none))
            recordedValues.append(input)
            recordedTags.append(tag(input))
            if overlapping {
                note(.serialDelivery, "receive(_:) overlaps a call on another thread")
            }
            if subscriptions == 0 { note(.subscriptionFirst, "value before any subscription") }
            if !completions.isEmpty { note(.singleCompletion, "value after the completion") }
            if cumulative != .unlimited, Subscribers.Demand.max(delivered) > cumulative {
                note(.demandBound, "value #\(delivered) exceeds cumulative demand \(cumulative)")
            }
            if cancelled { afterCancel += 1 }
        }
        if dwell > 0 { usleep(dwell) }
        let extra = onValue?(self, input) ?? .none
        if extra != .none {
            lock.withLock {
                cumulative += extra
                entries.append(
                    .request(extra, cumulative: cumulative, context: "returned from receive(_:)"))
            }
        }
        return extra
    }

    /// Records the completion, checks there was none before, and drops the subscription.
    public func receive(completion: Subscribers.Completion<Failure>) {
        heartbeat?.beat()
        let overlapping = inFlight.enter()
        defer { inFlight.leave() }
        lock.withLock {
            entries.append(.completion(String(describing: completion)))
            if overlapping { note(.serialDelivery, "receive(completion:) overlaps another call") }
            if subscriptions == 0 { note(.subscriptionFirst, "completion before any subscription") }
            if !completions.isEmpty { note(.singleCompletion, "a second completion") }
            completions.append(completion)
            subscription = nil
        }
    }

    /// Must be called with `lock` held.
    private func note(_ rule: ConformanceRule, _ message: String) {
        found.append((rule, message))
        entries.append(.violation(rule, message))
    }
}
