// Exercise: chapter 12, CustomDemandSink.
// Solution: Sources/CustomCombine/Subscribers/CustomDemandSink.swift

/// A subscriber that receives at most a given number of values, asking for them one at a
/// time, and can be allowed more later with `increaseDemand(_:)`.
public struct CustomDemandSink<Input, Failure: Error>: Subscriber, Cancellable,
    @unchecked Sendable
{
    // Add the state every copy shares (the budget left and the subscription, in an
    // `AtomicBox`) and the two closures.

    /// Identifies this sink; copies share it, as they share the state.
    public let combineIdentifier = CombineIdentifier()

    /// A sink that accepts `demand` values until told otherwise; a negative `demand` stops the
    /// program (`precondition`).
    public init(
        demand: Int,
        receiveValue: @escaping (Input) -> Void,
        receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void
    ) {
        unwritten(
            "CustomDemandSink.init(demand:receiveValue:receiveCompletion:)",
            see: "Chapters/12-demand.md, 'CustomDemandSink'")
    }

    /// Keeps the first subscription (cancels any other) and asks for the first value, if the
    /// budget allows one; never calls the subscription while holding the lock.
    public func receive(subscription: Subscription) {
        unwritten(
            "CustomDemandSink.receive(subscription:)",
            see: "Chapters/12-demand.md, 'CustomDemandSink'")
    }

    /// Hands the value on, then asks for one more while the budget lasts.
    public func receive(_ input: Input) -> Subscribers.Demand {
        unwritten("CustomDemandSink.receive(_:)", see: "Chapters/12-demand.md, 'CustomDemandSink'")
    }

    /// Forgets the subscription and the remaining budget, then hands the completion on.
    public func receive(completion: Subscribers.Completion<Failure>) {
        unwritten(
            "CustomDemandSink.receive(completion:)",
            see: "Chapters/12-demand.md, 'CustomDemandSink'")
    }

    /// Allows `demand` more values (a negative `demand` stops the program; past `Int.max` the
    /// budget stays at `Int.max`); asks for the next one at once when subscribed.
    public func increaseDemand(_ demand: Int) {
        unwritten(
            "CustomDemandSink.increaseDemand(_:)", see: "Chapters/12-demand.md, 'CustomDemandSink'")
    }

    /// Stops receiving: forgets the subscription and the remaining demand.
    public func cancel() {
        unwritten("CustomDemandSink.cancel()", see: "Chapters/12-demand.md, 'CustomDemandSink'")
    }
}
