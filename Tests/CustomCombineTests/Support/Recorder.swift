import CustomCombine
import Foundation
import XCTest

/// A subscriber for tests: records every event, asks for a chosen demand, lets a test
/// react inside `receive(_:)`, and notices if two deliveries ever overlap.
final class Recorder<Input, Failure: Error>: Subscriber, Cancellable, @unchecked Sendable {
    private let lock = NSRecursiveLock()
    private var storedEvents: [Subscribers.Event<Input, Failure>] = []
    private var storedSubscription: Subscription?
    private var depth = 0
    private var storedOverlaps = 0
    private var storedSubscriptionCount = 0
    private let initialDemand: Subscribers.Demand
    private let onSubscription: ((Subscription) -> Void)?
    private let onValue: ((Input) -> Subscribers.Demand)?
    private let onCompletion: (() -> Void)?

    init(
        demand: Subscribers.Demand = .unlimited,
        onSubscription: ((Subscription) -> Void)? = nil,
        onValue: ((Input) -> Subscribers.Demand)? = nil,
        onCompletion: (() -> Void)? = nil
    ) {
        initialDemand = demand
        self.onSubscription = onSubscription
        self.onValue = onValue
        self.onCompletion = onCompletion
    }

    var events: [Subscribers.Event<Input, Failure>] { lock.withLock { storedEvents } }
    var values: [Input] {
        events.compactMap { if case .value(let value) = $0 { return value } else { return nil } }
    }
    var subscription: Subscription? { lock.withLock { storedSubscription } }
    var overlaps: Int { lock.withLock { storedOverlaps } }
    var subscriptionCount: Int { lock.withLock { storedSubscriptionCount } }

    func receive(subscription: Subscription) {
        lock.withLock {
            storedSubscription = subscription
            storedSubscriptionCount += 1
        }
        onSubscription?(subscription)
        if initialDemand > 0 {
            subscription.request(initialDemand)
        }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        enter()
        defer { leave() }
        lock.withLock { storedEvents.append(.value(input)) }
        return onValue?(input) ?? .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        enter()
        defer { leave() }
        lock.withLock {
            storedEvents.append(.complete(completion))
            storedSubscription = nil
        }
        onCompletion?()
    }

    func request(_ demand: Subscribers.Demand) {
        subscription?.request(demand)
    }

    func cancel() {
        let subscription = lock.withLock { () -> Subscription? in
            defer { storedSubscription = nil }
            return storedSubscription
        }
        subscription?.cancel()
    }

    // A re-entrant call on the same thread is not an overlap; only another thread is.
    private var owner: Thread?
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
