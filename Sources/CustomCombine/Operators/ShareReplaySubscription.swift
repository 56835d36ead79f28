import DequeModule

/// One subscriber's view of a ``Publishers/ShareReplay``: the values it has been given but
/// not yet asked for, the completion waiting behind them, and its outstanding demand.
///
/// The publisher pushes into it under its own lock (so every subscriber sees values in the
/// same order, with no gap between replay and live values); delivery happens in ``drain()``,
/// with no lock held and one call at a time, never before the subscriber holds its
/// subscription.
final class ShareReplaySubscription<Output, Failure: Error>: Subscription, @unchecked Sendable {
    private let lock = Lock()
    private var subscriber: AnySubscriber<Output, Failure>?
    private var demand = Subscribers.Demand.none
    private var buffer: Deque<Output>
    private var completion: Subscribers.Completion<Failure>?
    private var delivering = false
    private var active = false
    private var onCancel: ((ShareReplaySubscription) -> Void)?

    init(
        subscriber: AnySubscriber<Output, Failure>,
        replay: Deque<Output>,
        completion: Subscribers.Completion<Failure>?,
        onCancel: @escaping (ShareReplaySubscription) -> Void
    ) {
        self.subscriber = subscriber
        self.buffer = replay
        self.completion = completion
        self.onCancel = onCancel
    }

    // snippet.share-replay-subscription-push
    /// Queues a live value until the subscriber asks for it. Only the replay is cut to
    /// `capacity`: a live value is never dropped, even while an earlier one is still being
    /// delivered on another thread. Does not call the subscriber.
    func push(_ value: Output) {
        lock.withLock {
            guard subscriber != nil, completion == nil else { return }
            buffer.append(value)
        }
    }

    /// Queues the completion behind any buffered values. Does not call the subscriber.
    func push(completion: Subscribers.Completion<Failure>) {
        lock.withLock {
            guard subscriber != nil, self.completion == nil else { return }
            self.completion = completion
            onCancel = nil  // finished: the publisher already forgot this subscription
        }
    }
    // snippet.end

    // snippet.share-replay-subscription-request
    func request(_ demand: Subscribers.Demand) {
        lock.withLock {
            guard subscriber != nil else { return }
            self.demand += demand
        }
        drain()
    }

    func cancel() {
        let onCancel: ((ShareReplaySubscription) -> Void)? = lock.withLock {
            defer {
                subscriber = nil
                buffer = []
                completion = nil
                self.onCancel = nil
            }
            return self.onCancel
        }
        onCancel?(self)
    }
    // snippet.end

    /// Called once the subscriber holds its subscription: only from then on may it receive
    /// values or a completion, even if upstream races ahead on another thread.
    func activate() {
        lock.withLock { active = true }
        drain()
    }

    // snippet.share-replay-subscription-drain
    /// Sends what is buffered, as far as demand allows, then the completion once the buffer
    /// is empty. Whoever finds a delivery already running leaves the work to it, so the
    /// subscriber is called serially and re-entrant calls do not recurse.
    func drain() {
        lock.lock()
        guard active, !delivering else {
            lock.unlock()
            return
        }
        delivering = true
        while let subscriber {
            if demand > 0, !buffer.isEmpty {
                let value = buffer.removeFirst()
                demand -= 1
                lock.unlock()
                let more = subscriber.receive(value)
                lock.lock()
                if self.subscriber != nil { demand += more }
            } else if buffer.isEmpty, let completion {
                self.subscriber = nil
                self.completion = nil
                delivering = false
                lock.unlock()
                subscriber.receive(completion: completion)
                return
            } else {
                break
            }
        }
        delivering = false
        lock.unlock()
    }
    // snippet.end
}
