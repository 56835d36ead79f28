/// A hand-written equivalent of `Subscribers.Sink`: it asks for everything and hands each
/// event to a closure.
///
/// It keeps its subscription so it can cancel it; it accepts only one subscription (a
/// second one, or one arriving after it finished, is cancelled at once); and cancel or
/// completion releases the subscription and both closures. Its lock makes `cancel()` safe
/// from any thread.
///
/// Top-level, not nested in `Subscribers` as Combine's subscribers are, so that a reader's own
/// `CustomSink` (chapter 14's exercise) can take its place: a type in the reader's module
/// hides the library's type of the same name only when both are at the top level.
public final class CustomSink<Input, Failure: Error>: Subscriber, Cancellable,
    @unchecked Sendable
{
    private enum State {
        case awaitingSubscription
        case subscribed(Subscription)
        case terminal
    }

    private let lock = Lock()
    private var state = State.awaitingSubscription
    private var receiveValue: ((Input) -> Void)?
    private var receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)?

    /// Creates a sink that calls `receiveValue` for each value and `receiveCompletion` once.
    public init(
        receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
        receiveValue: @escaping (Input) -> Void
    ) {
        self.receiveCompletion = receiveCompletion
        self.receiveValue = receiveValue
    }

    // snippet.custom-sink-receive-subscription
    /// Keeps the first subscription and asks it for unlimited values.
    public func receive(subscription: Subscription) {
        let accepted: Bool = lock.withLock {
            guard case .awaitingSubscription = state else { return false }
            state = .subscribed(subscription)
            return true
        }
        guard accepted else {
            subscription.cancel()  // only one upstream: refuse any other
            return
        }
        subscription.request(.unlimited)
    }
    // snippet.end

    // snippet.custom-sink-receive-input
    /// Hands the value to the closure; it already asked for everything, so asks no more.
    public func receive(_ input: Input) -> Subscribers.Demand {
        let receiveValue: ((Input) -> Void)? = lock.withLock {
            guard case .subscribed = state else { return nil }
            return self.receiveValue
        }
        receiveValue?(input)
        return .none
    }

    /// Hands the completion to the closure, then lets go of everything.
    public func receive(completion: Subscribers.Completion<Failure>) {
        let receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)? = lock.withLock {
            guard case .subscribed = state else { return nil }
            defer { release() }
            return self.receiveCompletion
        }
        receiveCompletion?(completion)
    }
    // snippet.end

    // snippet.custom-sink-cancel
    /// Cancels the subscription and lets go of it and of both closures.
    public func cancel() {
        let subscription: Subscription? = lock.withLock {
            defer { release() }
            guard case .subscribed(let subscription) = state else { return nil }
            return subscription
        }
        subscription?.cancel()
    }
    // snippet.end

    /// Must be called with the lock held.
    private func release() {
        state = .terminal
        receiveValue = nil
        receiveCompletion = nil
    }
}

extension Publisher {
    // snippet.custom-sink-operator
    /// Subscribes a ``CustomSink``; the returned `AnyCancellable` cancels it when
    /// cancelled or released.
    public func customSink(
        receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
        receiveValue: @escaping (Output) -> Void
    ) -> AnyCancellable {
        let sink = CustomSink<Output, Failure>(
            receiveCompletion: receiveCompletion, receiveValue: receiveValue)
        subscribe(sink)
        return AnyCancellable(sink)
    }
    // snippet.end
}
