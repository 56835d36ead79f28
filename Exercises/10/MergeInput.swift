// Exercise: chapter 10, MergeInput.
// Solution: Sources/CustomCombine/Subjects/MergeInput.swift

/// A publisher that many publishers can feed into: each attached upstream's values come out
/// of this one publisher, an upstream finishing only detaches it (the merged stream never
/// completes), and `cancel()`, or releasing the `MergeInput`, cancels every upstream still
/// attached.
public final class MergeInput<I>: Publisher, Cancellable, @unchecked Sendable {
    /// Values from all upstreams.
    public typealias Output = I
    /// The merged stream never fails.
    public typealias Failure = Never

    // Add a subject for the downstream side, and the links to the upstreams (with a
    // "cancelled" flag) in one `AtomicBox`; a `deinit` that cancels them.

    /// A merge point with no upstream yet.
    public init() {}

    /// Downstream subscribers receive the values of every upstream, as far as their demand
    /// allows.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == I, S.Failure == Never {
        unwritten(
            "MergeInput.receive(subscriber:)",
            see:
                "Chapters/10-one-subscriber-many-publishers.md, 'MergeInput: a collecting subject that manages its links'"
        )
    }

    /// Attaches `upstream`; its values are forwarded until it finishes or this merge point
    /// is cancelled.
    public func subscribe<Upstream: Publisher>(_ upstream: Upstream)
    where Upstream.Output == I, Upstream.Failure == Never {
        unwritten(
            "MergeInput.subscribe(_:)",
            see:
                "Chapters/10-one-subscriber-many-publishers.md, 'MergeInput: a collecting subject that manages its links'"
        )
    }

    /// Detaches every upstream; later `subscribe(_:)` calls are ignored.
    public func cancel() {
        unwritten(
            "MergeInput.cancel()",
            see:
                "Chapters/10-one-subscriber-many-publishers.md, 'MergeInput: a collecting subject that manages its links'"
        )
    }
}

extension Publisher where Failure == Never {
    /// Feeds this publisher's values into `mergeInput`.
    public func merge(into mergeInput: MergeInput<Output>) {
        unwritten(
            "Publisher.merge(into:)",
            see:
                "Chapters/10-one-subscriber-many-publishers.md, 'MergeInput: a collecting subject that manages its links'"
        )
    }
}
