import CustomCombine

/// A subscriber that counts what it receives and asks for everything: the cheapest
/// downstream there is, so a benchmark measures the publisher, not the subscriber.
final class CountingSubscriber<Input, Failure: Error>: Subscriber {
    private(set) var count = 0
    private var subscription: Subscription?

    func receive(subscription: Subscription) {
        self.subscription = subscription
        subscription.request(.unlimited)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        count &+= 1
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        subscription = nil
    }

    func cancel() {
        subscription?.cancel()
        subscription = nil
    }
}

/// Attaches `count` counting subscribers to `publisher` and returns them, so they live as
/// long as the benchmark needs them.
func attachSubscribers<P: Publisher>(
    _ count: Int, to publisher: P
) -> [CountingSubscriber<P.Output, P.Failure>] {
    (0..<count).map { _ in
        let subscriber = CountingSubscriber<P.Output, P.Failure>()
        publisher.subscribe(subscriber)
        return subscriber
    }
}
