// Exercise: chapter 16, shareReplay(capacity:).
// Solution: Sources/CustomCombine/Operators/ShareReplay.swift
// Solution: Sources/CustomCombine/Operators/Publisher+ShareReplay.swift

// The library declares this class at the top level too, not nested in `Publishers`, so yours
// takes its place: your type hides the library's type of the same name only when both are at
// the top level.

/// Shares one subscription to `upstream` among all its subscribers, and replays the last
/// `capacity` values, and the completion, to each subscriber that arrives later.
public final class ShareReplay<Upstream: Publisher>: Publisher, @unchecked Sendable {
    /// The upstream's values.
    public typealias Output = Upstream.Output
    /// The upstream's failure.
    public typealias Failure = Upstream.Failure

    // Add the shared state behind a lock (the upstream, the replay `Buffer`, the
    // subscribers' links, whether upstream is connected, its subscription), a subscriber
    // of your own for the upstream side, and a `deinit` that cancels upstream.

    /// Creates the shared publisher; nothing happens upstream until the first subscriber.
    public init(upstream: Upstream, capacity: Int) {
        unwritten(
            "ShareReplay.init(upstream:capacity:)",
            see: "Chapters/16-share-replay.md, 'One publisher for everybody'")
    }

    /// Registers the subscriber with a copy of the replay taken in the same locked step, so no
    /// value is missed or received twice; the first subscriber connects upstream.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
        unwritten(
            "ShareReplay.receive(subscriber:)",
            see: "Chapters/16-share-replay.md, 'One publisher for everybody'")
    }
}

extension Publisher {
    /// Shares this publisher among subscribers, replaying its last `capacity` values (and its
    /// completion) to every subscriber that comes later.
    public func shareReplay(capacity: Int = .max) -> ShareReplay<Self> {
        unwritten(
            "Publisher.shareReplay(capacity:)",
            see: "Chapters/16-share-replay.md, 'One publisher for everybody'")
    }
}
