import Synchronization

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
/// - **`request` and `cancel` never wait for a delivery.** They leave *mail* (the demand
///   added, or "cancelled") and only *try* the delivery lock: when another thread holds it,
///   that thread reads the mail as soon as its delivery returns, and the caller returns at
///   once. `cancel()` also cancels upstream itself, and sets a flag every delivery checks
///   first: once it returns, no new delivery starts.
/// - **Nothing is held while calling upstream.** The behavior's `upstream` is a stand-in
///   that only writes down `request` and `cancel`; once the outermost call has released
///   the delivery lock, the calls written down are made for real.
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

    /// What every copy shares: the behavior, the locks, the mail and the upstream calls
    /// waiting for the delivery lock to be released.
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

    /// Wraps `behavior`; every copy of the wrapper shares it and its locks.
    public init(behavior: Content) {
        core = Core(content: behavior)
    }

    // snippet.deliver
    /// Runs `body` under the delivery lock; once this thread's outermost call is done,
    /// releases the lock, makes the upstream calls `body` wrote down, and reads the mail
    /// another thread left meanwhile. Public for subjects: holding a new link's lock while
    /// registering it and handing over its subscription makes the two one step.
    @inlinable @inline(__always)
    public func deliver<Result>(_ body: () -> Result) -> Result {
        core.deliveryLock.lock()
        core.depth += 1
        let result = body()
        core.depth -= 1
        let outermost = core.depth == 0
        let calls = outermost ? core.takeUpstreamCalls() : nil
        core.deliveryLock.unlock()
        calls?.makeAll(on: core)
        if outermost && core.hasMailAfterUnlock {
            readMail()
        }
        return result
    }
    // snippet.end

    // snippet.read-mail
    /// Acts on the mail if the delivery lock is free or already this thread's; if another
    /// thread holds it, returns at once: that thread reads the mail after its delivery.
    /// Returns whether this call acted on a cancellation.
    @usableFromInline @inline(never) @discardableResult
    func readMail() -> Bool {
        var actedOnCancel = false
        var hasMail = core.hasMail
        while hasMail {
            core.fenceBeforeTry()
            guard core.deliveryLock.tryLock() else {
                return actedOnCancel
            }
            core.depth += 1
            let mail = core.takeMail()
            if let content = core.content {
                if mail.contains(.cancel) {
                    actedOnCancel = true
                    core.content = nil
                    content.cancel()
                } else if mail.contains(.demand), case let demand = core.takePendingDemand(),
                    demand > .none
                {
                    // `.none` when an earlier reading already took this demand with its own.
                    content.request(demand)
                    if core.upstreamFinished && !content.hasPendingEvents {
                        core.content = nil
                    }
                }
            }
            core.depth -= 1
            let calls = core.depth == 0 ? core.takeUpstreamCalls() : nil
            core.deliveryLock.unlock()
            calls?.makeAll(on: core)
            hasMail = core.hasMailAfterUnlock
        }
        return actedOnCancel
    }
    // snippet.end

    // snippet.receive-subscription
    /// Upstream hands over its subscription: the behavior keeps a stand-in for it, and
    /// the downstream gets this wrapper as its subscription.
    public func receive(subscription: Subscription) {
        deliver {
            guard !core.isCancelled, let content = core.content, content.upstream == nil else {
                core.upstreamCalls.append(.refuse(subscription))
                return
            }
            core.keep(upstream: subscription)
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
            guard !core.isCancelled, let content = core.content else { return .none }
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
            guard !core.isCancelled, let content = core.content, !core.upstreamFinished else {
                return
            }
            core.upstreamFinished = true
            core.keep(upstream: nil)
            content.upstream = nil
            content.receive(completion: completion)
            if !content.hasPendingEvents {
                core.content = nil
            }
        }
    }

    // snippet.request
    /// Downstream asks for more: the demand is added to the mail, which the behavior reads
    /// now if no other thread is delivering, or as soon as that delivery returns.
    public func request(_ demand: Subscribers.Demand) {
        guard !core.isCancelled else { return }
        core.post(demand: demand)
        readMail()
    }
    // snippet.end

    // snippet.cancel
    /// Downstream is gone: no delivery starts after this returns. The behavior cancels
    /// upstream and is released with the subscriber it holds, now if no other thread is
    /// delivering; otherwise upstream is cancelled here and the behavior released as soon
    /// as that delivery returns.
    public func cancel() {
        guard core.postCancel() else { return }
        if !readMail() {
            core.cancelUpstream()
        }
    }
    // snippet.end
}

/// The part of a subscription's core that does not depend on its behavior's type: the
/// delivery lock, the mail, and the upstream calls waiting for the lock to be released. Not
/// generic, so the per-value path never looks up type metadata for it.
@usableFromInline
class DeliveryState {
    /// What `request` and `cancel` leave for the thread holding the delivery lock.
    @usableFromInline
    struct Mail: OptionSet, Sendable {
        @usableFromInline let rawValue: UInt8
        @usableFromInline init(rawValue: UInt8) { self.rawValue = rawValue }
        /// Demand was added to `pendingDemand`.
        @usableFromInline static let demand = Mail(rawValue: 1)
        /// `cancel()` was called and the behavior is not yet released.
        @usableFromInline static let cancel = Mail(rawValue: 2)
        /// `cancel()` was called: never cleared, checked before every delivery.
        @usableFromInline static let cancelled = Mail(rawValue: 4)
        /// What someone must act on.
        @usableFromInline static let work: Mail = [.demand, .cancel]
    }

    @usableFromInline let deliveryLock = Lock(recursive: true)
    /// How many calls of this thread hold the delivery lock.
    @exclusivity(unchecked) @usableFromInline var depth = 0
    /// Upstream calls the behavior made, to be made once the lock is released.
    @exclusivity(unchecked) @usableFromInline var upstreamCalls: [UpstreamCall] = []

    @usableFromInline let mail = Synchronization.Atomic<UInt8>(0)

    /// Guards the two below; held only to read or change them. (So they skip Swift's
    /// run-time exclusivity check, which costs about 100 instructions an access.)
    let stateLock = Lock()
    /// Demand requested and not yet handed to the behavior.
    @exclusivity(unchecked) private var pendingDemand = Subscribers.Demand.none
    /// The upstream subscription, until it is cancelled or completes.
    @exclusivity(unchecked) private var upstream: Subscription?

    /// Whether `cancel()` was called: checked first by every delivery.
    @inlinable var isCancelled: Bool {
        mail.load(ordering: .acquiring) & Mail.cancelled.rawValue != 0
    }

    /// Whether there is mail to act on.
    var hasMail: Bool {
        mail.load(ordering: .sequentiallyConsistent) & Mail.work.rawValue != 0
    }

    /// `hasMail`, read by a thread that has just released the delivery lock (both holder
    /// paths: `deliver` and `readMail`'s loop). It must come after the release in the one
    /// order every thread agrees on. On Linux the lock is released with a sequentially
    /// consistent store, which this sequentially consistent load follows; a pthread mutex
    /// promises only release order, so a fence does it there.
    @inlinable var hasMailAfterUnlock: Bool {
        #if !os(Linux)
        atomicMemoryFence(ordering: .sequentiallyConsistent)
        #endif
        return mail.load(ordering: .sequentiallyConsistent) & Mail.work.rawValue != 0
    }

    /// Called after leaving mail (or seeing some) and before trying the delivery lock: puts
    /// the mail before the try in the one order every thread agrees on. Neither try is
    /// sequentially consistent (an acquiring compare-and-exchange on Linux,
    /// `pthread_mutex_trylock` elsewhere), so without this fence the try and the holder's
    /// check could both read stale values. With it, a try that fails read the lock before
    /// the holder's release, so the fence comes before that release, and the holder's
    /// `hasMailAfterUnlock`, after its release, sees the mail.
    func fenceBeforeTry() {
        atomicMemoryFence(ordering: .sequentiallyConsistent)
    }

    /// Adds `demand` to what the behavior will be handed, and leaves the mail.
    func post(demand: Subscribers.Demand) {
        stateLock.withLock { pendingDemand += demand }
        mail.bitwiseOr(Mail.demand.rawValue, ordering: .sequentiallyConsistent)
    }

    /// Leaves the cancellation; `false` when `cancel()` was already called.
    func postCancel() -> Bool {
        let before = mail.bitwiseOr(
            Mail([.cancel, .cancelled]).rawValue, ordering: .sequentiallyConsistent
        ).oldValue
        return before & Mail.cancelled.rawValue == 0
    }

    /// Takes the mail to act on. Call with the delivery lock held.
    func takeMail() -> Mail {
        Mail(
            rawValue: mail.bitwiseAnd(~Mail.work.rawValue, ordering: .sequentiallyConsistent)
                .oldValue)
    }

    func takePendingDemand() -> Subscribers.Demand {
        stateLock.withLock {
            defer { pendingDemand = .none }
            return pendingDemand
        }
    }

    /// Records the upstream subscription (`nil` once it completed).
    func keep(upstream: Subscription?) {
        stateLock.withLock { self.upstream = upstream }
    }

    /// The upstream subscription, unless it was cancelled or completed.
    func currentUpstream() -> Subscription? {
        stateLock.withLock { upstream }
    }

    /// Cancels the upstream subscription, once: the first caller takes it.
    func cancelUpstream() {
        let upstream = stateLock.withLock {
            defer { self.upstream = nil }
            return self.upstream
        }
        upstream?.cancel()
    }

    /// The upstream calls written down, to be made once the lock is released; `nil` when
    /// there are none. Call with the delivery lock held.
    @inlinable
    func takeUpstreamCalls() -> [UpstreamCall]? {
        guard !upstreamCalls.isEmpty else { return nil }
        defer { upstreamCalls.removeAll() }
        return upstreamCalls
    }
}

/// A call up, written down under the delivery lock and made after it is released.
@usableFromInline
enum UpstreamCall {
    /// Ask the link's upstream for more.
    case request(Subscribers.Demand)
    /// Cancel the link's upstream.
    case cancel
    /// Cancel a subscription the link does not take (a second one, or one after cancel).
    case refuse(Subscription)

    func make(on state: DeliveryState) {
        switch self {
        case .request(let demand):
            // `cancel()` was called since this was written down: asking would only set the
            // upstream working for nobody (its cancel follows, or was made already).
            guard !state.isCancelled else { return }
            state.currentUpstream()?.request(demand)
        case .cancel: state.cancelUpstream()
        case .refuse(let subscription): subscription.cancel()
        }
    }
}

extension [UpstreamCall] {
    @usableFromInline func makeAll(on state: DeliveryState) {
        for call in self {
            call.make(on: state)
        }
    }
}

/// What a behavior sees as its upstream: `request` and `cancel` are written down and made
/// once the delivery lock is released. Behaviors run only under that lock, so the state is
/// alive whenever they call it.
final class DeferredUpstream: Subscription, @unchecked Sendable {
    let subscription: Subscription
    /// The link's state; a behavior that delivers several values in one call also reads its
    /// `isCancelled` (set by a cancel from another thread while a delivery runs) to stop.
    unowned let state: DeliveryState

    init(_ subscription: Subscription, state: DeliveryState) {
        self.subscription = subscription
        self.state = state
    }

    var combineIdentifier: CombineIdentifier { subscription.combineIdentifier }

    func request(_ demand: Subscribers.Demand) {
        state.upstreamCalls.append(.request(demand))
    }

    func cancel() {
        state.upstreamCalls.append(.cancel)
    }
}
