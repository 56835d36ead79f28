import CustomCombine
import Foundation

/// The library's second design, kept to prove the kit catches it: a pass-through operator
/// whose subscription runs every call, `request` and `cancel` included, under one recursive
/// delivery lock, and makes the calls up only after releasing it. No lock is held while
/// calling upstream, so two links in a chain never deadlock each other; but a `cancel()` or
/// `request(_:)` from another thread waits for the delivery in progress to return, and a
/// subscriber whose delivery waits for that thread never returns.
struct DeliveryLockLink<Upstream: Publisher>: Publisher {
    typealias Output = Upstream.Output
    typealias Failure = Upstream.Failure

    let upstream: Upstream

    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        upstream.subscribe(Inner(downstream: AnySubscriber(subscriber)))
    }

    private final class Inner: Subscriber, Subscription, @unchecked Sendable {
        typealias Input = Upstream.Output
        typealias Failure = Upstream.Failure

        private let deliveryLock = NSRecursiveLock()
        private var downstream: AnySubscriber<Output, Failure>?
        private var upstream: Subscription?
        private var demand = Subscribers.Demand.none

        init(downstream: AnySubscriber<Output, Failure>) {
            self.downstream = downstream
        }

        func receive(subscription: Subscription) {
            let downstream: AnySubscriber<Output, Failure>? = deliveryLock.withLock {
                upstream = subscription
                return self.downstream
            }
            downstream?.receive(subscription: self)
        }

        func receive(_ input: Input) -> Subscribers.Demand {
            deliveryLock.withLock {
                guard let downstream, demand > 0 else { return .none }
                demand -= 1
                let more = downstream.receive(input)
                demand += more
                return more
            }
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            deliveryLock.withLock {
                downstream?.receive(completion: completion)
                downstream = nil
            }
        }

        func request(_ demand: Subscribers.Demand) {
            // The flaw: waits for any delivery in progress, only to add to `demand`.
            let upstream: Subscription? = deliveryLock.withLock {
                guard downstream != nil else { return nil }
                self.demand += demand
                return self.upstream
            }
            upstream?.request(demand)
        }

        func cancel() {
            // The flaw again: a cancel waits for the delivery in progress.
            let upstream: Subscription? = deliveryLock.withLock {
                downstream = nil
                defer { self.upstream = nil }
                return self.upstream
            }
            upstream?.cancel()
        }
    }
}
