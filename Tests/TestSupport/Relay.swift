import CustomCombine

/// The simplest behavior: everything comes from `SubscriptionBehavior`'s default
/// implementations, so a test of `CustomSubscription` or of those defaults sees them alone.
package final class Relay: SubscriptionBehavior {
    package typealias Input = Int
    package typealias Failure = Never
    package typealias Output = Int
    package typealias OutputFailure = Never

    package var demand = Subscribers.Demand.none
    package var upstream: Subscription?
    package let downstream: AnySubscriber<Int, Never>

    /// A relay to `downstream`.
    package init(downstream: AnySubscriber<Int, Never>) {
        self.downstream = downstream
    }
}
