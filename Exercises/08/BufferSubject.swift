// Exercise: chapter 08, BufferSubject.
// Solution: Sources/CustomCombine/Subjects/BufferSubject.swift

/// A subject that remembers: it sends like `PassthroughSubject` and also records what it
/// sends in one shared `Buffer`, so every new subscriber first receives a replay of that
/// buffer, then the live values, with no gap and no duplicate.
public final class BufferSubject<Output, Failure: Error>: Subject, @unchecked Sendable {
    // Add the subject's state (its subscribers' links, one master `Buffer` and the upstream
    // subscriptions it is given), a `deinit` that cancels those upstreams, and a
    // `SubscriptionBehavior` that delivers one subscriber's backlog as it asks (chapter 7).

    /// A subject replaying up to `limit` values; `whenFull` decides which ones it keeps.
    public init(
        limit: Int = 1,
        whenFull strategy: Publishers.BufferingStrategy<Failure> = .dropOldest
    ) {
        unwritten(
            "BufferSubject.init(limit:whenFull:)",
            see: "Chapters/08-buffer-subject.md, 'The subject'")
    }

    /// Registers the subscriber with a copy of the shared buffer taken in the same locked step,
    /// so each value reaches it in the replay or live, never both, and never neither unless the
    /// buffer's own rule drops it; and hands it its
    /// subscription in the same step, under the new link's delivery lock, so that nothing sent
    /// from another thread reaches it first (hint 3 says how to reach that lock).
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
        unwritten(
            "BufferSubject.receive(subscriber:)",
            see: "Chapters/08-buffer-subject.md, 'The subject'")
    }

    /// Used as a subscriber: keeps the upstream subscription and asks it for `.unlimited` at
    /// once, since everything the subject takes is recorded for subscribers still to come.
    public func send(subscription: Subscription) {
        unwritten(
            "BufferSubject.send(subscription:)", see: "Chapters/08-buffer-subject.md, 'The subject'"
        )
    }

    /// Records `value` in the shared buffer and delivers it to every current subscriber;
    /// ignored after a completion.
    public func send(_ value: Output) {
        unwritten("BufferSubject.send(_:)", see: "Chapters/08-buffer-subject.md, 'The subject'")
    }

    /// Records the completion, empties the list, then delivers it to the subscribers it had;
    /// later sends are ignored.
    public func send(completion: Subscribers.Completion<Failure>) {
        unwritten(
            "BufferSubject.send(completion:)", see: "Chapters/08-buffer-subject.md, 'The subject'")
    }
}
