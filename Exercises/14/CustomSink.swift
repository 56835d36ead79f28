// Exercise: chapter 14, CustomSink.
// Solution: Sources/CustomCombine/Subscribers/CustomSink.swift

// The library declares this class at the top level too, not nested in `Subscribers`, so yours
// takes its place: your type hides the library's type of the same name only when both are at
// the top level.

/// A hand-written equivalent of `Subscribers.Sink`: it asks for everything, hands each event
/// to a closure, accepts only one subscription, and lets go of everything on cancel or
/// completion.
public final class CustomSink<Input, Failure: Error>: Subscriber, Cancellable,
    @unchecked Sendable
{
    // Add the state behind a lock: waiting for a subscription, subscribed (to which), or
    // done; and the two closures.

    /// Creates a sink that calls `receiveValue` for each value and `receiveCompletion` once.
    public init(
        receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
        receiveValue: @escaping (Input) -> Void
    ) {
        unwritten(
            "CustomSink.init(receiveCompletion:receiveValue:)",
            see: "Chapters/14-event-publisher.md, 'A subscriber of our own: CustomSink'")
    }

    /// Keeps the first subscription and asks it for unlimited values; a second one, or one
    /// arriving after the sink finished, is cancelled at once.
    public func receive(subscription: Subscription) {
        unwritten(
            "CustomSink.receive(subscription:)",
            see: "Chapters/14-event-publisher.md, 'A subscriber of our own: CustomSink'")
    }

    /// Hands the value to the closure; having asked for everything already, asks no more.
    public func receive(_ input: Input) -> Subscribers.Demand {
        unwritten(
            "CustomSink.receive(_:)",
            see: "Chapters/14-event-publisher.md, 'A subscriber of our own: CustomSink'")
    }

    /// Hands the completion to the closure, then lets go of the subscription and both closures.
    public func receive(completion: Subscribers.Completion<Failure>) {
        unwritten(
            "CustomSink.receive(completion:)",
            see: "Chapters/14-event-publisher.md, 'A subscriber of our own: CustomSink'")
    }

    /// Cancels the subscription and lets go of it and of both closures; safe from any thread.
    public func cancel() {
        unwritten(
            "CustomSink.cancel()",
            see: "Chapters/14-event-publisher.md, 'A subscriber of our own: CustomSink'")
    }
}

extension Publisher {
    /// Subscribes a `CustomSink`; the returned `AnyCancellable` cancels it when cancelled or
    /// released.
    public func customSink(
        receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
        receiveValue: @escaping (Output) -> Void
    ) -> AnyCancellable {
        unwritten(
            "Publisher.customSink(receiveCompletion:receiveValue:)",
            see: "Chapters/14-event-publisher.md, 'A subscriber of our own: CustomSink'")
    }
}
