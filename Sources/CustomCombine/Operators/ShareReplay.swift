/// Shares one subscription to `upstream` among all its subscribers, and replays the last
/// `capacity` values, and the completion, to each subscriber that arrives later.
///
/// A class, because every subscriber must meet the same shared state. It subscribes to
/// upstream once, when the first subscriber arrives, asking for everything; each
/// subscriber then gets values only as it demands them, the rest waiting in its own buffer.
/// Active subscribers keep it alive; once it is released, its upstream is cancelled.
///
/// Top-level, not nested in `Publishers` as Combine's publishers are, so that a reader's own
/// `ShareReplay` (chapter 16's exercise) can take its place: a type in the reader's module
/// hides the library's type of the same name only when both are at the top level.
public final class ShareReplay<Upstream: Publisher>: Publisher, @unchecked Sendable {
    /// The upstream's values.
    public typealias Output = Upstream.Output
    /// The upstream's failure.
    public typealias Failure = Upstream.Failure

    // Each subscriber's link: chapter 8's buffering behavior, with a queue of its own
    // that never drops (a live value waits until the subscriber asks for it).
    private typealias Link = CustomSubscription<BufferSubject<Output, Failure>.Behavior>

    private let lock = Lock()
    private let upstream: Upstream
    private var replay: Buffer<Output, Failure>
    private var subscribers = SubscriberList<Link>()
    private var connected = false
    private var upstreamSubscription: Subscription?

    /// Creates the shared publisher; nothing happens upstream until the first subscriber.
    public init(upstream: Upstream, capacity: Int) {
        precondition(capacity >= 0, "shareReplay(capacity:) needs a capacity >= 0")
        self.upstream = upstream
        self.replay = Buffer(limit: capacity, strategy: .dropOldest)
    }

    deinit {
        upstreamSubscription?.cancel()
    }

    // snippet.share-replay-receive-subscriber
    /// Registers the subscriber with a copy of the replay, taken in the same locked step,
    /// so no value falls between them or lands in both; the first one connects upstream.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
        let behavior = BufferSubject<Output, Failure>.Behavior(
            downstream: AnySubscriber(forwardingTo: subscriber),
            buffer: Buffer(limit: .max, strategy: .dropNewest))
        let link = Link(behavior: behavior)
        let id = link.combineIdentifier
        var connect = false
        link.deliver {
            var completion: Subscribers.Completion<Failure>?
            behavior.buffer = lock.withLock {
                if !replay.isTerminated { subscribers.append(link, id: id) }
                defer { connected = true }
                connect = !connected
                completion = replay.completion
                return replay.detachedCopy(limit: .max, strategy: .dropNewest)
            }
            link.receive(subscription: SubjectMembership { self.remove(id) })
            // Taken with the copy, not read from it after the handshake: a subscriber that
            // asks inside `receive(subscription:)` has drained the copy's completion by then.
            if let completion {
                // Queued behind the replayed values; also lets the wrapper release the
                // behavior once everything is delivered.
                link.receive(completion: completion)
            }
        }
        if connect {
            upstream.subscribe(UpstreamSink(parent: self))
        }
    }
    // snippet.end

    // snippet.share-replay-receive-upstream
    private func receive(upstreamSubscription subscription: Subscription) {
        let accepted: Bool = lock.withLock {
            guard upstreamSubscription == nil, !replay.isTerminated else { return false }
            upstreamSubscription = subscription
            return true
        }
        guard accepted else {
            subscription.cancel()
            return
        }
        subscription.request(.unlimited)
    }

    private func receive(_ value: Output) {
        let slots = lock.withLock { () -> [SubscriberList<Link>.Slot?] in
            guard !replay.isTerminated else { return [] }
            replay.push(value)
            return subscribers.slots
        }
        for slot in slots { _ = slot?.element.receive(value) }
    }

    private func receive(completion: Subscribers.Completion<Failure>) {
        let (slots, released) = lock.withLock {
            () -> ([SubscriberList<Link>.Slot?], Subscription?) in
            guard !replay.isTerminated else { return ([], nil) }
            replay.push(completion: completion)
            // Taken out here and dropped after the lock: its deinit may call back.
            let released = upstreamSubscription
            upstreamSubscription = nil
            defer { subscribers = SubscriberList() }
            return (subscribers.slots, released)
        }
        withExtendedLifetime(released) {}
        for slot in slots { slot?.element.receive(completion: completion) }
    }
    // snippet.end

    private func remove(_ id: CombineIdentifier) {
        lock.withLock { _ = subscribers.remove(id: id) }
    }

    /// Forwards upstream events to the publisher without keeping it alive, so releasing
    /// the publisher cancels the upstream subscription.
    private final class UpstreamSink: Subscriber, @unchecked Sendable {
        typealias Input = Output
        typealias Failure = Upstream.Failure

        let combineIdentifier = CombineIdentifier()
        private weak var parent: ShareReplay?

        init(parent: ShareReplay) {
            self.parent = parent
        }

        func receive(subscription: Subscription) {
            if let parent {
                parent.receive(upstreamSubscription: subscription)
            } else {
                subscription.cancel()
            }
        }

        func receive(_ input: Input) -> Subscribers.Demand {
            parent?.receive(input)
            return .none
        }

        func receive(completion: Subscribers.Completion<Failure>) {
            parent?.receive(completion: completion)
        }
    }
}
