// Exercise: chapter 17, PausableSubscriber.
// Solution: Sources/CustomCombine/Subscribers/PausableSubscriber.swift

/// A subscriber that asks for one value at a time, so it can stop whenever it likes: its
/// value closure returns whether it wants more, `false` pauses it, and nothing is requested
/// until `resume()`. (`Pausable` is the library's protocol from the chapter; use it as it is.)
public final class PausableSubscriber<Input, Failure: Error>: Subscriber, Pausable, Cancellable,
    @unchecked Sendable
{
    // Add the state behind a lock: the subscription, whether it is paused or finished, and
    // the two closures (let go of after the completion or cancel).

    /// Identifies this subscriber in Combine's debugging output.
    public let combineIdentifier = CombineIdentifier()

    /// Creates a subscriber; `receiveValue` returns `false` to pause.
    public init(
        receiveValue: @escaping (Input) -> Bool,
        receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void
    ) {
        unwritten(
            "PausableSubscriber.init(receiveValue:receiveCompletion:)",
            see: "Chapters/17-pausable-sink.md, 'Pausable and PausableSubscriber'")
    }

    /// `true` after the value closure returned `false` and before `resume()`.
    public var paused: Bool {
        unwritten(
            "PausableSubscriber.paused",
            see: "Chapters/17-pausable-sink.md, 'Pausable and PausableSubscriber'")
    }

    /// Keeps the first subscription (cancels any other) and asks it for a single value.
    public func receive(subscription: Subscription) {
        unwritten(
            "PausableSubscriber.receive(subscription:)",
            see: "Chapters/17-pausable-sink.md, 'Pausable and PausableSubscriber'")
    }

    /// Hands the value to the closure, without holding the lock, and asks for one more unless
    /// the closure returned `false`: then it pauses until `resume()`.
    public func receive(_ input: Input) -> Subscribers.Demand {
        unwritten(
            "PausableSubscriber.receive(_:)",
            see: "Chapters/17-pausable-sink.md, 'Pausable and PausableSubscriber'")
    }

    /// Hands the completion to the closure once, then lets go of the subscription and both
    /// closures.
    public func receive(completion: Subscribers.Completion<Failure>) {
        unwritten(
            "PausableSubscriber.receive(completion:)",
            see: "Chapters/17-pausable-sink.md, 'Pausable and PausableSubscriber'")
    }

    /// Leaves the pause by asking for one more value.
    public func resume() {
        unwritten(
            "PausableSubscriber.resume()",
            see: "Chapters/17-pausable-sink.md, 'Pausable and PausableSubscriber'")
    }

    /// Cancels the subscription and lets go of it and of both closures.
    public func cancel() {
        unwritten(
            "PausableSubscriber.cancel()",
            see: "Chapters/17-pausable-sink.md, 'Pausable and PausableSubscriber'")
    }
}
