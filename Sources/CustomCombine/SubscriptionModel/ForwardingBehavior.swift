/// A behavior that relies on every default of `SubscriptionBehavior`: it delivers a value
/// only while there is demand, adds what the subscriber returns, forwards requests and
/// cancellation up, and passes the completion on.
///
/// It is the whole logic of a link whose upstream does the interesting part, such as a
/// control registration or a timer source.
final class ForwardingBehavior<Value, Failure: Error>: SubscriptionBehavior {
    typealias Input = Value
    typealias Output = Value
    typealias OutputFailure = Failure

    var demand = Subscribers.Demand.none
    var upstream: Subscription?
    let downstream: AnySubscriber<Value, Failure>

    init(downstream: AnySubscriber<Value, Failure>) {
        self.downstream = downstream
    }
}
