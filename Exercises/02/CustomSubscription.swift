// Exercise: chapter 02, CustomSubscription.
// Solution: Sources/CustomCombine/SubscriptionModel/CustomSubscription.swift

/// A thread-safe subscription built from a `SubscriptionBehavior`: a `Subscriber` for
/// upstream and a `Subscription` for downstream that hands every call to the behavior,
/// never lets two deliveries overlap, holds no lock while it calls upstream, and never makes
/// `request` or `cancel` wait for a delivery on another thread.
public struct CustomSubscription<Content: SubscriptionBehavior>: Subscriber, Subscription,
    @unchecked Sendable
{
    /// What upstream sends: the behavior's input.
    public typealias Input = Content.Input
    /// How upstream can fail: the behavior's failure.
    public typealias Failure = Content.Failure

    // Add what every copy of this struct must share: the behavior (until it is released),
    // a recursive delivery lock, the upstream calls waiting for that lock to be released,
    // and the mail `request` and `cancel` leave for whoever holds it.

    /// This link's identifier: unique while any copy of the link lives, so not the behavior's
    /// (the behavior is released on cancel, while a subject may still list the link).
    public let combineIdentifier: CombineIdentifier

    /// Wraps `behavior`; every copy of the wrapper shares it and its lock.
    public init(behavior: Content) {
        unwritten(
            "CustomSubscription.init(behavior:)",
            see:
                "Chapters/02-subscription-behavior.md, 'A third wrapper: request and cancel leave mail'"
        )
    }

    /// Runs `body` under the delivery lock; once this thread's outermost call is done,
    /// releases the lock, makes the upstream calls `body` wrote down, and reads the mail.
    /// Public for subjects, which register a subscriber and hand over its subscription in
    /// one step under it (chapter 8).
    public func deliver<Result>(_ body: () -> Result) -> Result {
        unwritten(
            "CustomSubscription.deliver(_:)",
            see:
                "Chapters/02-subscription-behavior.md, 'In the library: CustomSubscription'"
        )
    }

    /// Upstream hands over its subscription: the behavior keeps it, its calls up deferred until
    /// the delivery lock is released, and downstream gets this wrapper. Refuse (cancel) any other.
    public func receive(subscription: Subscription) {
        unwritten(
            "CustomSubscription.receive(subscription:)",
            see:
                "Chapters/02-subscription-behavior.md, 'A third wrapper: request and cancel leave mail'"
        )
    }

    /// Upstream delivers a value: the behavior, under the delivery lock, decides whether it goes
    /// downstream; return the demand the behavior returns.
    public func receive(_ input: Input) -> Subscribers.Demand {
        unwritten(
            "CustomSubscription.receive(_:)",
            see:
                "Chapters/02-subscription-behavior.md, 'A third wrapper: request and cancel leave mail'"
        )
    }

    /// Upstream completed: the behavior gets the completion once, and the wrapper lets go of the
    /// behavior as soon as it has nothing left to deliver.
    public func receive(completion: Subscribers.Completion<Failure>) {
        unwritten(
            "CustomSubscription.receive(completion:)",
            see:
                "Chapters/02-subscription-behavior.md, 'A third wrapper: request and cancel leave mail'"
        )
    }

    /// Downstream asks for more: leaves the demand as mail, which the behavior reads now if the
    /// delivery lock is free, or as soon as the thread delivering returns. Never waits.
    public func request(_ demand: Subscribers.Demand) {
        unwritten(
            "CustomSubscription.request(_:)",
            see:
                "Chapters/02-subscription-behavior.md, 'A third wrapper: request and cancel leave mail'"
        )
    }

    /// Downstream is gone: no delivery starts after this returns; the behavior cancels upstream
    /// and the wrapper lets go of it, and so of the subscriber it holds, now or as soon as the
    /// thread delivering returns. Never waits; later calls do nothing.
    public func cancel() {
        unwritten(
            "CustomSubscription.cancel()",
            see:
                "Chapters/02-subscription-behavior.md, 'A third wrapper: request and cancel leave mail'"
        )
    }
}
