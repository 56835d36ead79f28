// Exercise: chapter 03, CustomSubject.
// Solution: Sources/CustomCombine/Subjects/CustomSubject.swift
// Solution: Sources/CustomCombine/Subjects/SubjectMembership.swift

/// A subject built from `SubscriptionBehavior` and `CustomSubscription` that behaves like
/// `PassthroughSubject`: values reach the current subscribers in the order they subscribed,
/// as far as each one's demand allows, and a subscriber that comes after the completion
/// gets the completion at once. Subscribed to upstreams, it asks them for values only once a
/// subscriber has asked it for some, and cancels them when it is released.
public final class CustomSubject<Output, Failure: Error>: Subject, @unchecked Sendable {
    // Add what the subject keeps: its subscribers' links, in order, its completion once it
    // has one, the subscribers that cancelled or asked before they joined, its upstream
    // subscriptions and whether they were asked (an `NSLock` beside them keeps them safe from
    // other threads: `import Foundation`), and a `deinit` that cancels the upstreams.

    /// A subject with no subscribers yet.
    public init() {}

    /// Hands the subscriber its subscription, then adds it after those already there (so a
    /// completion sent meanwhile from another thread cannot reach it first); after a
    /// completion, hands it the subscription and then the completion instead.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
        unwritten(
            "CustomSubject.receive(subscriber:)",
            see: "Chapters/03-custom-subject.md, 'A completion must not overtake the subscription'")
    }

    /// Used as a subscriber: keeps the upstream subscription, and asks it for `.unlimited`
    /// only once a subscriber has asked the subject for values (at once if one already has).
    public func send(subscription: Subscription) {
        unwritten(
            "CustomSubject.send(subscription:)",
            see: "Chapters/03-custom-subject.md, 'Where the draft and the library differ'")
    }

    /// Delivers `value` to every current subscriber that has demand for it, calling none of them
    /// under the state's lock; ignored after a completion.
    public func send(_ value: Output) {
        unwritten(
            "CustomSubject.send(_:)",
            see: "Chapters/03-custom-subject.md, 'The library's CustomSubject'")
    }

    /// Delivers the completion once to every current subscriber, then forgets them all; later
    /// sends are ignored.
    public func send(completion: Subscribers.Completion<Failure>) {
        unwritten(
            "CustomSubject.send(completion:)",
            see: "Chapters/03-custom-subject.md, 'Where the draft and the library differ'")
    }
}
