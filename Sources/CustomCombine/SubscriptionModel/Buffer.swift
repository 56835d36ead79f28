import DequeModule

/// Values and at most one completion, waiting for demand.
///
/// A buffer holds up to `limit` values; what happens to one more is `strategy`'s
/// decision, with Combine's meaning: `.dropNewest` discards the incoming value,
/// `.dropOldest` discards the first stored one, `.customError` ends the stream with the
/// error. Only the first completion counts. `fetch()` hands out the values in order,
/// then the completion.
public struct Buffer<Output, Failure: Error> {
    /// How many values the buffer holds at most; 0 means it never holds one.
    public let limit: Int
    /// What to do with a value that arrives when the buffer is full.
    public let strategy: Publishers.BufferingStrategy<Failure>

    // A double-ended queue: fetching the oldest value is O(1), no shifting.
    @usableFromInline var storage = Deque<Output>()
    @usableFromInline var terminated = false

    /// The completion, once pushed and until fetched.
    public private(set) var completion: Subscribers.Completion<Failure>? {
        didSet { holdsCompletion = completion != nil }
    }
    /// `completion != nil`, kept as a flag: comparing the generic optional looks up its type
    /// metadata at run time, and `isEmpty` is asked on every value a subscriber is sent.
    @usableFromInline var holdsCompletion = false

    /// An empty buffer. A negative `limit` is a programming error.
    public init(limit: Int, strategy: Publishers.BufferingStrategy<Failure>) {
        precondition(limit >= 0, "Buffer limit must be zero or more, got \(limit)")
        self.limit = limit
        self.strategy = strategy
    }

    /// A detached copy of the same values and completion that follows another limit and
    /// strategy from now on: what a subscriber's own queue starts from.
    ///
    /// It shares no storage with this buffer, for another thread to change under a lock of
    /// its own. When the two shared one copy-on-write storage, ThreadSanitizer (Swift 6.3.1,
    /// Linux) reported a race between the subject appending to its buffer and a subscriber
    /// draining its copy, at the check that decides whether a copy is needed; with storage of
    /// its own the question does not arise.
    func detachedCopy(limit: Int, strategy: Publishers.BufferingStrategy<Failure>) -> Buffer {
        var copy = Buffer(limit: limit, strategy: strategy)
        copy.storage = Deque(minimumCapacity: storage.count)
        copy.storage.append(contentsOf: storage)
        copy.terminated = terminated
        copy.completion = completion
        return copy
    }

    /// The values waiting, oldest first.
    public var values: [Output] {
        Array(storage)
    }

    /// How many values are waiting.
    @inlinable
    var valueCount: Int {
        storage.count
    }

    /// Whether a completion was ever pushed, fetched or not: the stream has ended.
    @inlinable
    var isTerminated: Bool {
        terminated
    }

    /// Nothing left to fetch: no values and no completion.
    @inlinable
    public var isEmpty: Bool {
        valueCount == 0 && !holdsCompletion
    }

    // snippet.push
    /// Adds a value, unless the stream has ended; when full, applies `strategy`.
    @inlinable
    public mutating func push(_ value: Output) {
        push(value, asked: 0)
    }

    /// Adds a value for a reader that has already asked for `asked` more values. Those are
    /// owed: they get room on top of `limit`, and `strategy` never drops one. Only the
    /// values beyond them follow the buffer's rule.
    @inlinable
    mutating func push(_ value: Output, asked: Int) {
        guard !terminated else { return }
        let (room, overflow) = limit.addingReportingOverflow(asked)
        let owed = Swift.min(asked, valueCount)
        if overflow || valueCount < room {
            storage.append(value)
            return
        }
        // `if case` names only the cases that act here. A `switch` would have to end in
        // `@unknown default`, since Apple's enum is not `@frozen`; Swift 6.3.1 accepts that
        // `switch` without a warning against OpenCombine too.
        if case .dropOldest = strategy, valueCount > owed {
            if owed == 0 {
                storage.removeFirst()  // cheaper than `remove(at: 0)` in generic code
            } else {
                storage.remove(at: owed)  // the oldest value nobody has asked for yet
            }
            storage.append(value)
        } else if case .customError(let makeError) = strategy {
            push(completion: .failure(makeError()))
        }
        // `.dropNewest` (and `.dropOldest` with no room at all): the value is discarded.
    }

    /// Records the end of the stream; only the first completion counts.
    public mutating func push(completion: Subscribers.Completion<Failure>) {
        guard !terminated else { return }
        terminated = true
        self.completion = completion
    }
    // snippet.end

    /// Takes the oldest value; there must be one (`valueCount > 0`).
    @usableFromInline
    mutating func removeFirstValue() -> Output {
        storage.removeFirst()
    }

    /// Takes every waiting value at once, oldest first; the completion stays.
    @usableFromInline
    mutating func takeValues() -> Deque<Output> {
        defer { storage = Deque() }
        return storage
    }

    // snippet.fetch
    /// The next event: the oldest value, or, when no value is left, the completion.
    /// `nil` when there is nothing to fetch.
    public mutating func fetch() -> Subscribers.Event<Output, Failure>? {
        if valueCount > 0 {
            return .value(storage.removeFirst())
        }
        if let completion {
            self.completion = nil
            return .complete(completion)
        }
        return nil
    }
    // snippet.end
}
