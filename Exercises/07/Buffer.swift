// Exercise: chapter 07, Buffer.
// Solution: Sources/CustomCombine/SubscriptionModel/Buffer.swift

/// Values and at most one completion, waiting for demand: up to `limit` values, and what
/// happens to one more is `strategy`'s decision, with Combine's meaning. Only the first
/// completion counts; `fetch()` hands out the values in order, then the completion.
public struct Buffer<Output, Failure: Error> {
    /// How many values the buffer holds at most; 0 means it never holds one.
    public let limit: Int
    /// What to do with a value that arrives when the buffer is full.
    public let strategy: Publishers.BufferingStrategy<Failure>

    // Add the stored values (an array, as the chapter's `SmallBuffer` has them; the library's
    // `Deque`, from `DequeModule`, takes the oldest in O(1)) and whether the stream has ended.

    /// The completion, once pushed and until fetched.
    public private(set) var completion: Subscribers.Completion<Failure>?

    /// An empty buffer. A negative `limit` is a programming error.
    public init(limit: Int, strategy: Publishers.BufferingStrategy<Failure>) {
        unwritten(
            "Buffer.init(limit:strategy:)", see: "Chapters/07-buffer.md, 'What a buffer holds'")
    }

    /// The values waiting, oldest first.
    public var values: [Output] {
        unwritten("Buffer.values", see: "Chapters/07-buffer.md, 'What a buffer holds'")
    }

    /// Nothing left to fetch: no values and no completion.
    public var isEmpty: Bool {
        unwritten("Buffer.isEmpty", see: "Chapters/07-buffer.md, 'What a buffer holds'")
    }

    /// Adds a value, unless the stream has ended; when full, applies `strategy`.
    public mutating func push(_ value: Output) {
        unwritten("Buffer.push(_:)", see: "Chapters/07-buffer.md, 'When the buffer is full'")
    }

    /// Records the end of the stream; only the first completion counts.
    public mutating func push(completion: Subscribers.Completion<Failure>) {
        unwritten(
            "Buffer.push(completion:)",
            see: "Chapters/07-buffer.md, 'Putting events in, taking them out'")
    }

    /// The next event: the oldest value, or, when no value is left, the completion; `nil`
    /// when there is nothing to fetch.
    public mutating func fetch() -> Subscribers.Event<Output, Failure>? {
        unwritten(
            "Buffer.fetch()", see: "Chapters/07-buffer.md, 'Putting events in, taking them out'")
    }
}
