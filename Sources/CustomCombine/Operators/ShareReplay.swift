import DequeModule

extension Publishers {
    /// Shares one subscription to `upstream` among all its subscribers, and replays the last
    /// `capacity` values, and the completion, to each subscriber that arrives later.
    ///
    /// A class, because every subscriber must meet the same shared state. It subscribes to
    /// upstream once, when the first subscriber arrives, asking for everything; each
    /// subscriber then gets values only as it demands them, the rest waiting in its own buffer.
    /// Active subscribers keep it alive; once it is released, its upstream is cancelled.
    public final class ShareReplay<Upstream: Publisher>: Publisher, @unchecked Sendable {
        /// The upstream's values.
        public typealias Output = Upstream.Output
        /// The upstream's failure.
        public typealias Failure = Upstream.Failure

        private typealias Member = ShareReplaySubscription<Output, Failure>

        private let lock = Lock()
        private let upstream: Upstream
        private let capacity: Int
        private var replay = Deque<Output>()
        private var subscriptions: [Member] = []
        private var completion: Subscribers.Completion<Failure>?
        private var connected = false
        private var upstreamSubscription: Subscription?

        /// Creates the shared publisher; nothing happens upstream until the first subscriber.
        public init(upstream: Upstream, capacity: Int) {
            precondition(capacity >= 0, "shareReplay(capacity:) needs a capacity >= 0")
            self.upstream = upstream
            self.capacity = capacity
        }

        deinit {
            upstreamSubscription?.cancel()
        }

        // snippet.share-replay-receive-subscriber
        /// Gives the subscriber a snapshot of the replay and a place in the live stream, taken
        /// together under the lock so that no value falls between them or lands in both.
        public func receive<S: Subscriber>(subscriber: S)
        where S.Input == Output, S.Failure == Failure {
            let (subscription, connect): (Member, Bool) = lock.withLock {
                let subscription = Member(
                    subscriber: AnySubscriber(forwardingTo: subscriber),
                    replay: Deque(detaching: replay),
                    completion: completion,
                    onCancel: { self.remove($0) })  // live subscribers keep the publisher
                if completion == nil { subscriptions.append(subscription) }
                defer { connected = true }
                return (subscription, !connected)
            }
            subscriber.receive(subscription: subscription)
            subscription.activate()  // sends a completion waiting behind an empty replay
            if connect {
                upstream.subscribe(UpstreamSink(parent: self))
            }
        }
        // snippet.end

        // snippet.share-replay-receive-upstream
        private func receive(upstreamSubscription subscription: Subscription) {
            let accepted: Bool = lock.withLock {
                guard upstreamSubscription == nil, completion == nil else { return false }
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
            let subscriptions: [Member] = lock.withLock {
                guard completion == nil else { return [] }
                replay.append(value)
                if replay.count > capacity { replay.removeFirst() }
                for subscription in self.subscriptions { subscription.push(value) }
                return self.subscriptions
            }
            for subscription in subscriptions { subscription.drain() }
        }

        private func receive(completion: Subscribers.Completion<Failure>) {
            let subscriptions: [Member] = lock.withLock {
                guard self.completion == nil else { return [] }
                self.completion = completion
                upstreamSubscription = nil
                defer { self.subscriptions = [] }
                for subscription in self.subscriptions { subscription.push(completion: completion) }
                return self.subscriptions
            }
            for subscription in subscriptions { subscription.drain() }
        }
        // snippet.end

        private func remove(_ subscription: Member) {
            lock.withLock { subscriptions.removeAll { $0 === subscription } }
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
}

extension Deque {
    /// A copy with storage of its own, for a subscription to drain under its own lock while
    /// the publisher keeps appending to the original under the publisher's.
    init(detaching other: Deque) {
        self.init(minimumCapacity: other.count)
        append(contentsOf: other)
    }
}
