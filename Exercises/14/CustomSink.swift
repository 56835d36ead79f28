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

    public init(
        receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
        receiveValue: @escaping (Input) -> Void
    ) {
        unwritten(
            "CustomSink.init(receiveCompletion:receiveValue:)",
            see: "Chapters/14-event-publisher.md, 'A subscriber of our own: CustomSink'")
    }

    public func receive(subscription: Subscription) {
        unwritten(
            "CustomSink.receive(subscription:)",
            see: "Chapters/14-event-publisher.md, 'A subscriber of our own: CustomSink'")
    }

    public func receive(_ input: Input) -> Subscribers.Demand {
        unwritten(
            "CustomSink.receive(_:)",
            see: "Chapters/14-event-publisher.md, 'A subscriber of our own: CustomSink'")
    }

    public func receive(completion: Subscribers.Completion<Failure>) {
        unwritten(
            "CustomSink.receive(completion:)",
            see: "Chapters/14-event-publisher.md, 'A subscriber of our own: CustomSink'")
    }

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
