import CustomCombine
import Foundation

/// The library's first design, kept to prove the kit catches it: a pass-through operator
/// whose subscription holds one recursive lock across every call, to its downstream and
/// to its upstream alike. One link alone works; two in a chain deadlock when one thread
/// sends (locks taken top-down) while another requests or cancels (bottom-up).
struct LockAcrossCallsLink<Upstream: Publisher>: Publisher {
    typealias Output = Upstream.Output
    typealias Failure = Upstream.Failure

    let upstream: Upstream

    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        upstream.subscribe(Inner(downstream: AnySubscriber(subscriber)))
    }

    private final class Inner: Subscriber, Subscription, @unchecked Sendable {
        typealias Input = Upstream.Output
        typealias Failure = Upstream.Failure

        private let lock = NSRecursiveLock()
        private let downstream: AnySubscriber<Output, Failure>
        private var upstream: Subscription?

        init(downstream: AnySubscriber<Output, Failure>) {
            self.downstream = downstream
        }

        func receive(subscription: Subscription) {
            lock.withLock {
                upstream = subscription
                downstream.receive(subscription: self)
            }
        }

        func receive(_ input: Input) -> Subscribers.Demand {
            lock.withLock { downstream.receive(input) }
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            lock.withLock { downstream.receive(completion: completion) }
        }

        func request(_ demand: Subscribers.Demand) {
            lock.withLock { upstream?.request(demand) }  // the flaw: upstream called locked
        }

        func cancel() {
            lock.withLock {
                upstream?.cancel()  // the flaw again
                upstream = nil
            }
        }
    }
}
