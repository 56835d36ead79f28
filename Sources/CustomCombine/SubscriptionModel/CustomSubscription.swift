#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A thread-safe subscription built from a `SubscriptionBehavior`.
///
/// It is both a `Subscriber` (upstream talks to it) and a `Subscription` (downstream talks
/// to it). Every call goes to the behavior under one recursive lock per subscription:
///
/// - deliveries to one subscriber never overlap, even when several threads send at once;
/// - a subscriber that requests, cancels or sends again from inside one of its callbacks
///   runs on the same thread and re-enters the lock instead of deadlocking;
/// - no lock that forbids re-entry is ever held while the downstream runs.
///
/// After cancellation, or once upstream completed and nothing is left to deliver, the
/// wrapper lets go of the behavior, so the subscriber and its closures are released.
public struct CustomSubscription<Content: SubscriptionBehavior>: Subscriber, Subscription,
    @unchecked Sendable
{
    /// The behavior's input.
    public typealias Input = Content.Input
    /// The behavior's upstream failure.
    public typealias Failure = Content.Failure

    @usableFromInline
    struct State {
        @usableFromInline var content: Content?
        @usableFromInline var upstreamFinished = false
    }

    /// What every copy shares: the behavior, and the recursive mutex in the same allocation.
    @usableFromInline
    final class Core: ManagedBuffer<State, pthread_mutex_t> {
        static func make(content: Content) -> Core {
            let made = create(minimumCapacity: 1) { _ in State(content: content) }
            let core = unsafeDowncast(made, to: Core.self)
            RecursiveLock.prepare(core)
            return core
        }

        deinit {
            RecursiveLock.destroy(self)
        }

        @inlinable var lock: RecursiveLock<State> { RecursiveLock(self) }

        @inlinable var content: Content? {
            get { header.content }
            set { header.content = newValue }
        }

        @inlinable var upstreamFinished: Bool {
            get { header.upstreamFinished }
            set { header.upstreamFinished = newValue }
        }
    }

    @usableFromInline let core: Core

    /// The behavior's identifier, kept after the behavior is released.
    public let combineIdentifier: CombineIdentifier

    /// Wraps `behavior`; every copy of the wrapper shares it and its lock.
    public init(behavior: Content) {
        core = Core.make(content: behavior)
        combineIdentifier = behavior.combineIdentifier
    }

    /// Runs `body` holding this subscription's lock, so that no other thread can deliver
    /// to the subscriber in between; used to make "register, then hand over the
    /// subscription" one step for a subject.
    func withLock<Result>(_ body: () -> Result) -> Result {
        core.lock.withLock(body)
    }

    // snippet.receive-subscription
    /// Upstream hands over its subscription: the behavior keeps it, and the downstream
    /// gets this wrapper as its subscription.
    public func receive(subscription: Subscription) {
        core.lock.lock()
        defer { core.lock.unlock() }
        guard let content = core.content, content.upstream == nil else {
            subscription.cancel()
            return
        }
        content.upstream = subscription
        content.downstream.receive(subscription: self)
    }
    // snippet.end

    // snippet.receive
    /// Upstream delivers a value; the behavior decides whether it goes downstream.
    @inlinable
    public func receive(_ input: Input) -> Subscribers.Demand {
        core.lock.lock()
        defer { core.lock.unlock() }
        guard let content = core.content else { return .none }
        let more = content.receive(input)
        if core.upstreamFinished && !content.hasPendingEvents {
            core.content = nil
        }
        return more
    }
    // snippet.end

    /// Upstream completed; the behavior is dropped once it has nothing left to deliver.
    public func receive(completion: Subscribers.Completion<Failure>) {
        core.lock.lock()
        defer { core.lock.unlock() }
        guard let content = core.content, !core.upstreamFinished else { return }
        core.upstreamFinished = true
        content.upstream = nil
        content.receive(completion: completion)
        if !content.hasPendingEvents {
            core.content = nil
        }
    }

    // snippet.request
    /// Downstream asks for more; the behavior records it and passes it on.
    public func request(_ demand: Subscribers.Demand) {
        core.lock.lock()
        defer { core.lock.unlock() }
        guard let content = core.content else { return }
        content.request(demand)
        if core.upstreamFinished && !content.hasPendingEvents {
            core.content = nil
        }
    }
    // snippet.end

    // snippet.cancel
    /// Downstream is gone: the behavior cancels upstream and is released, and so is the
    /// subscriber it holds.
    public func cancel() {
        core.lock.lock()
        defer { core.lock.unlock() }
        guard let content = core.content else { return }
        core.content = nil
        content.cancel()
    }
    // snippet.end
}
