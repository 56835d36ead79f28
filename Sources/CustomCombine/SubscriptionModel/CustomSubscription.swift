/// A thread-safe subscription built from a `SubscriptionBehavior`.
///
/// It is both a `Subscriber` (upstream talks to it) and a `Subscription` (downstream talks
/// to it), and hands every call to the behavior. The one concurrency design of the library
/// lives here:
///
/// - **Deliveries to one subscriber never overlap.** Every call to the behavior runs under
///   the subscription's *delivery lock*, which is held while the behavior calls its
///   downstream. It is recursive: a subscriber that requests, cancels or sends again from
///   inside its own callback runs on the same thread and takes it again.
/// - **Nothing is held while calling upstream.** The behavior's `upstream` is a stand-in
///   that only writes down `request` and `cancel`; once the outermost call has released
///   the delivery lock, the calls written down are made for real. So a thread that sends
///   down a chain takes locks from the top down, and a thread that cancels or requests from
///   the bottom never holds one while it climbs: two threads cannot wait for each other.
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

    /// What every copy shares: the behavior, the delivery lock, and the upstream calls
    /// waiting for the lock to be released.
    @usableFromInline
    final class Core: DeliveryState {
        @exclusivity(unchecked) @usableFromInline var content: Content?
        @exclusivity(unchecked) @usableFromInline var upstreamFinished = false

        init(content: Content) {
            self.content = content
        }
    }

    @usableFromInline let core: Core

    /// The link's identifier: its core's, which lives as long as any copy of the link. Not
    /// the behavior's: the behavior is released on cancel while a subject may still list
    /// the link, and a new behavior at the freed address would share its identifier.
    public var combineIdentifier: CombineIdentifier { CombineIdentifier(core) }

    /// Wraps `behavior`; every copy of the wrapper shares it and its lock.
    public init(behavior: Content) {
        core = Core(content: behavior)
    }

    // snippet.deliver
    /// Runs `body` under the delivery lock, then, once this thread's outermost call is
    /// done, releases the lock and makes the upstream calls `body` wrote down.
    @inlinable @inline(__always)
    func deliver<Result>(_ body: () -> Result) -> Result {
        let (result, calls) = core.deliveryLock.withLock {
            core.depth += 1
            let result = body()
            core.depth -= 1
            guard core.depth == 0, !core.upstreamCalls.isEmpty else {
                return (result, [UpstreamCall]())
            }
            defer { core.upstreamCalls.removeAll() }
            return (result, core.upstreamCalls)
        }
        for call in calls {
            call.make()
        }
        return result
    }
    // snippet.end

    // snippet.receive-subscription
    /// Upstream hands over its subscription: the behavior keeps a stand-in for it, and
    /// the downstream gets this wrapper as its subscription.
    public func receive(subscription: Subscription) {
        deliver {
            guard let content = core.content, content.upstream == nil else {
                core.upstreamCalls.append(UpstreamCall(subscription, .cancel))
                return
            }
            content.upstream = DeferredUpstream(subscription, state: core)
            content.downstream.receive(subscription: self)
        }
    }
    // snippet.end

    // snippet.receive
    /// Upstream delivers a value; the behavior decides whether it goes downstream.
    @inlinable
    public func receive(_ input: Input) -> Subscribers.Demand {
        deliver {
            guard let content = core.content else { return .none }
            let more = content.receive(input)
            if core.upstreamFinished && !content.hasPendingEvents {
                core.content = nil
            }
            return more
        }
    }
    // snippet.end

    /// Upstream completed; the behavior is dropped once it has nothing left to deliver.
    public func receive(completion: Subscribers.Completion<Failure>) {
        deliver {
            guard let content = core.content, !core.upstreamFinished else { return }
            core.upstreamFinished = true
            content.upstream = nil
            content.receive(completion: completion)
            if !content.hasPendingEvents {
                core.content = nil
            }
        }
    }

    // snippet.request
    /// Downstream asks for more; the behavior records it and passes it on.
    public func request(_ demand: Subscribers.Demand) {
        deliver {
            guard let content = core.content else { return }
            content.request(demand)
            if core.upstreamFinished && !content.hasPendingEvents {
                core.content = nil
            }
        }
    }
    // snippet.end

    // snippet.cancel
    /// Downstream is gone: the behavior cancels upstream and is released, and so is the
    /// subscriber it holds.
    public func cancel() {
        deliver {
            guard let content = core.content else { return }
            core.content = nil
            content.cancel()
        }
    }
    // snippet.end
}

/// The part of a subscription's core that does not depend on its behavior's type: the
/// delivery lock and the upstream calls waiting for it to be released. Not generic, so the
/// per-value path never looks up type metadata for it.
@usableFromInline
class DeliveryState {
    @usableFromInline let deliveryLock = Lock(recursive: true)
    /// How many calls of this thread hold the delivery lock.
    @exclusivity(unchecked) @usableFromInline var depth = 0
    /// Upstream calls the behavior made, to be made once the lock is released.
    @exclusivity(unchecked) @usableFromInline var upstreamCalls: [UpstreamCall] = []
}

/// A call to the upstream subscription, written down under the delivery lock and made after
/// it is released.
@usableFromInline
struct UpstreamCall {
    @usableFromInline enum Kind {
        case request(Subscribers.Demand)
        case cancel
    }

    @usableFromInline let upstream: Subscription
    @usableFromInline let kind: Kind

    init(_ upstream: Subscription, _ kind: Kind) {
        self.upstream = upstream
        self.kind = kind
    }

    @usableFromInline func make() {
        switch kind {
        case .request(let demand): upstream.request(demand)
        case .cancel: upstream.cancel()
        }
    }
}

/// What a behavior sees as its upstream: `request` and `cancel` are written down and made
/// once the delivery lock is released. Behaviors run only under that lock, so the state is
/// alive whenever they call it.
final class DeferredUpstream: Subscription, @unchecked Sendable {
    let subscription: Subscription
    unowned let state: DeliveryState

    init(_ subscription: Subscription, state: DeliveryState) {
        self.subscription = subscription
        self.state = state
    }

    var combineIdentifier: CombineIdentifier { subscription.combineIdentifier }

    func request(_ demand: Subscribers.Demand) {
        state.upstreamCalls.append(UpstreamCall(subscription, .request(demand)))
    }

    func cancel() {
        state.upstreamCalls.append(UpstreamCall(subscription, .cancel))
    }
}
