import CustomCombine
import Foundation

/// A subscriber whose contract breaches are switched on one at a time, to show the
/// subscriber rules catching each (and passing with no flaws).
final class FlawedSubscriber: Subscriber, Cancellable, @unchecked Sendable {
    typealias Input = Int
    typealias Failure = Never

    struct Flaws: OptionSet {
        let rawValue: Int
        static let acceptsEverySubscription = Flaws(rawValue: 1 << 0)
        static let requestsNone = Flaws(rawValue: 1 << 1)
        static let keepsSubscription = Flaws(rawValue: 1 << 2)
        static let ignoresCancel = Flaws(rawValue: 1 << 3)
    }

    let combineIdentifier = CombineIdentifier()
    private let flaws: Flaws
    private let lock = NSLock()
    private var subscription: Subscription?

    init(_ flaws: Flaws = []) {
        self.flaws = flaws
    }

    func receive(subscription: Subscription) {
        let accepted = lock.withLock {
            guard self.subscription == nil || flaws.contains(.acceptsEverySubscription) else {
                return false
            }
            self.subscription = subscription
            return true
        }
        guard accepted else {
            subscription.cancel()
            return
        }
        subscription.request(flaws.contains(.requestsNone) ? .none : .max(1))
    }

    func receive(_ input: Int) -> Subscribers.Demand {
        .max(1)
    }

    func receive(completion: Subscribers.Completion<Never>) {
        if !flaws.contains(.keepsSubscription) {
            lock.withLock { subscription = nil }
        }
    }

    func cancel() {
        if flaws.contains(.ignoresCancel) { return }
        let current: Subscription? = lock.withLock {
            defer { if !flaws.contains(.keepsSubscription) { subscription = nil } }
            return subscription
        }
        current?.cancel()
    }
}
