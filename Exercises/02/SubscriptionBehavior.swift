// Exercise: chapter 02, SubscriptionBehavior. Start here: the chapter's tests before "The
// same results as the first wrapper" run your defaults through its own wrappers.
// Solution: Sources/CustomCombine/SubscriptionModel/SubscriptionBehavior.swift
// Solution: Sources/CustomCombine/SubscriptionModel/ForwardingBehavior.swift
// (ForwardingBehavior, the library's HopBehavior without a name, is what later chapters
// build their links on; it comes with this exercise because it conforms to your protocol.)

/// The logic of one link between an upstream subscription and a downstream subscriber:
/// it records demand, forwards requests and cancellation up, and decides what to deliver
/// down. `CustomSubscription` calls it one call at a time, so it is plain
/// single-threaded code. The requirements are given; write the defaults.
public protocol SubscriptionBehavior: AnyObject, Cancellable, CustomCombineIdentifierConvertible {
    /// What the behavior receives from upstream.
    associatedtype Input
    /// How upstream can fail.
    associatedtype Failure: Error
    /// What the behavior delivers downstream.
    associatedtype Output
    /// How the stream delivered downstream can fail.
    associatedtype OutputFailure: Error

    /// How many more values the downstream has asked for and not yet received.
    var demand: Subscribers.Demand { get set }
    /// The subscription this behavior receives from, once upstream has sent it.
    var upstream: Subscription? { get set }
    /// The subscriber values and the completion go to.
    var downstream: AnySubscriber<Output, OutputFailure> { get }
    /// Whether a completion still waits behind values nobody asked for yet (chapter 7).
    var hasPendingEvents: Bool { get }

    /// Downstream asks for more values.
    func request(_ demand: Subscribers.Demand)
    /// Upstream delivers a value; returns how many more values to ask upstream for.
    func receive(_ input: Input) -> Subscribers.Demand
    /// Upstream finished or failed.
    func receive(completion: Subscribers.Completion<Failure>)
}

extension SubscriptionBehavior {
    /// Default: no completion ever waits behind values; only buffering behaviors (chapter 7)
    /// have pending events.
    public var hasPendingEvents: Bool {
        unwritten(
            "SubscriptionBehavior.hasPendingEvents",
            see:
                "Chapters/02-subscription-behavior.md, 'Writing the guess down: SubscriptionBehavior'"
        )
    }

    /// Default for a one-to-one link: add the new demand to what is outstanding and ask upstream
    /// for that same new amount, never the accumulated total.
    public func request(_ demand: Subscribers.Demand) {
        unwritten(
            "SubscriptionBehavior.request(_:)",
            see:
                "Chapters/02-subscription-behavior.md, 'Writing the guess down: SubscriptionBehavior'"
        )
    }

    /// Default: cancelling this link cancels the subscription it receives from.
    public func cancel() {
        unwritten(
            "SubscriptionBehavior.cancel()",
            see:
                "Chapters/02-subscription-behavior.md, 'Writing the guess down: SubscriptionBehavior'"
        )
    }
}

extension SubscriptionBehavior where Input == Output {
    /// Default when values pass through unchanged: deliver `input` only while downstream has
    /// demand, spending one unit first; return only the new demand downstream gave back.
    public func receive(_ input: Input) -> Subscribers.Demand {
        unwritten(
            "SubscriptionBehavior.receive(_:)",
            see:
                "Chapters/02-subscription-behavior.md, 'Writing the guess down: SubscriptionBehavior'"
        )
    }
}

extension SubscriptionBehavior where Failure == OutputFailure {
    /// Default when failures pass through unchanged: forward the completion downstream as is.
    public func receive(completion: Subscribers.Completion<Failure>) {
        unwritten(
            "SubscriptionBehavior.receive(completion:)",
            see:
                "Chapters/02-subscription-behavior.md, 'Writing the guess down: SubscriptionBehavior'"
        )
    }
}
