/// A subscriber that asks for one value at a time, so it can stop whenever it likes.
///
/// Its value closure returns whether it wants more: `false` pauses it, and nothing is
/// requested until ``resume()``. Because it never has more than one value outstanding, the
/// upstream holds back, rather than this subscriber having to buffer.
public final class PausableSubscriber<Input, Failure: Error>: Subscriber, Pausable, Cancellable,
    @unchecked Sendable
{
    /// Identifies this subscriber in Combine's debugging output.
    public let combineIdentifier = CombineIdentifier()

    private let lock = Lock()
    private var subscription: Subscription?
    private var finished = false
    private var isPaused = false
    private var receiveValue: ((Input) -> Bool)?
    private var receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)?

    /// Creates a subscriber; `receiveValue` returns `false` to pause.
    public init(
        receiveValue: @escaping (Input) -> Bool,
        receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void
    ) {
        self.receiveValue = receiveValue
        self.receiveCompletion = receiveCompletion
    }

    /// `true` after the value closure returned `false` and before ``resume()``.
    public var paused: Bool { lock.withLock { isPaused } }

    // snippet.pausable-receive
    /// Keeps the first subscription and asks for a single value.
    public func receive(subscription: Subscription) {
        let accepted: Bool = lock.withLock {
            guard self.subscription == nil, !finished else { return false }
            self.subscription = subscription
            return true
        }
        guard accepted else {
            subscription.cancel()
            return
        }
        subscription.request(.max(1))
    }

    /// Asks for the next value, unless the closure wants a pause.
    public func receive(_ input: Input) -> Subscribers.Demand {
        guard let receiveValue = lock.withLock({ self.receiveValue }) else { return .none }
        let wantsMore = receiveValue(input)
        return lock.withLock {
            guard subscription != nil else { return .none }
            isPaused = !wantsMore
            return wantsMore ? .max(1) : .none
        }
    }
    // snippet.end

    /// Hands the completion to the closure, then lets go of everything.
    public func receive(completion: Subscribers.Completion<Failure>) {
        let receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)? = lock.withLock {
            guard !finished else { return nil }
            defer { release() }
            return self.receiveCompletion
        }
        receiveCompletion?(completion)
    }

    // snippet.pausable-resume
    /// Leaves the pause by asking for one more value. Not paused, it does nothing: that
    /// includes a call from another thread while the value closure runs, before the pause
    /// it returns has begun. A resumer on another thread acts once ``paused`` is `true`.
    public func resume() {
        let subscription = lock.withLock { () -> Subscription? in
            let subscription = isPaused ? self.subscription : nil
            if subscription != nil { isPaused = false }
            return subscription
        }
        subscription?.request(.max(1))
    }
    // snippet.end

    /// Cancels the subscription and lets go of it and of both closures.
    public func cancel() {
        let subscription: Subscription? = lock.withLock {
            defer { release() }
            return self.subscription
        }
        subscription?.cancel()
    }

    /// Must be called with the lock held.
    private func release() {
        finished = true
        isPaused = false
        subscription = nil
        receiveValue = nil
        receiveCompletion = nil
    }
}
