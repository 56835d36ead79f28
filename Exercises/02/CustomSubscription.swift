// Exercise: chapter 02, CustomSubscription.
// Solution: Sources/CustomCombine/SubscriptionModel/CustomSubscription.swift

/// A thread-safe subscription built from a `SubscriptionBehavior`: a `Subscriber` for
/// upstream and a `Subscription` for downstream that hands every call to the behavior,
/// never lets two deliveries overlap, and holds no lock while it calls upstream.
public struct CustomSubscription<Content: SubscriptionBehavior>: Subscriber, Subscription,
    @unchecked Sendable
{
    public typealias Input = Content.Input
    public typealias Failure = Content.Failure

    // Add what every copy of this struct must share: the behavior (until it is released),
    // a recursive delivery lock, and the upstream calls waiting for that lock to be released.

    /// The behavior's identifier, kept after the behavior is released.
    public let combineIdentifier: CombineIdentifier

    /// Wraps `behavior`; every copy of the wrapper shares it and its lock.
    public init(behavior: Content) {
        unwritten(
            "CustomSubscription.init(behavior:)",
            see:
                "Chapters/02-subscription-behavior.md, 'The official Subscription: CustomSubscription'"
        )
    }

    public func receive(subscription: Subscription) {
        unwritten(
            "CustomSubscription.receive(subscription:)",
            see:
                "Chapters/02-subscription-behavior.md, 'The official Subscription: CustomSubscription'"
        )
    }

    public func receive(_ input: Input) -> Subscribers.Demand {
        unwritten(
            "CustomSubscription.receive(_:)",
            see:
                "Chapters/02-subscription-behavior.md, 'The official Subscription: CustomSubscription'"
        )
    }

    public func receive(completion: Subscribers.Completion<Failure>) {
        unwritten(
            "CustomSubscription.receive(completion:)",
            see:
                "Chapters/02-subscription-behavior.md, 'The official Subscription: CustomSubscription'"
        )
    }

    public func request(_ demand: Subscribers.Demand) {
        unwritten(
            "CustomSubscription.request(_:)",
            see:
                "Chapters/02-subscription-behavior.md, 'The official Subscription: CustomSubscription'"
        )
    }

    public func cancel() {
        unwritten(
            "CustomSubscription.cancel()",
            see:
                "Chapters/02-subscription-behavior.md, 'The official Subscription: CustomSubscription'"
        )
    }
}
