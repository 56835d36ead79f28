import Synchronization

/// A publisher that many publishers can feed into, one at a time or all at once.
///
/// `subscribe(_:)` (or `publisher.merge(into:)`) attaches an upstream through an inner
/// sink; values from every upstream come out of this one publisher, as far as downstream
/// demand allows. An upstream finishing only detaches that upstream: the merged stream
/// never completes, since more upstreams may come. `cancel()`, or releasing the
/// `MergeInput`, cancels every upstream still attached.
public final class MergeInput<I>: Publisher, Cancellable, @unchecked Sendable {
    /// Values from all upstreams.
    public typealias Output = I
    /// The merged stream never fails.
    public typealias Failure = Never

    private struct State {
        var sinks: [CombineIdentifier: AnyCancellable] = [:]
        var cancelled = false
    }

    /// The library's own subject, not `PassthroughSubject`: inlets send into it from many
    /// threads at once, and `CustomSubject` guarantees (checked by the conformance kit) that
    /// deliveries to one subscriber never overlap, where Apple documents nothing about
    /// concurrent `send` on `PassthroughSubject`.
    private let subject: CustomSubject<I, Never>
    /// The subject's `send`, made where `I` is known: the inlets call this closure, not
    /// `subject.send`. Inside the library `MergeInput<I>` is generic, so an inlet's own call
    /// runs `send` unspecialized, which looks up the type metadata of the subject's state,
    /// list slots, links and their optionals on every value (about 3,300 instructions, eight
    /// look-ups). `init()` is inlinable so the closure is compiled with the caller's `I`.
    @usableFromInline let forward: (I) -> Void
    private let state = AtomicBox(State())

    /// A merge point with no upstream yet.
    @inlinable
    public convenience init() {
        let subject = CustomSubject<I, Never>()
        self.init(subject: subject, forward: { subject.send($0) })
    }

    @usableFromInline
    init(subject: CustomSubject<I, Never>, forward: @escaping (I) -> Void) {
        self.subject = subject
        self.forward = forward
    }

    deinit {
        cancel()
    }

    /// Downstream subscribers receive the values of every upstream.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == I, S.Failure == Never {
        subject.receive(subscriber: subscriber)
    }

    // snippet.subscribe
    /// Attaches `upstream`; its values are forwarded until it finishes or this merge
    /// point is cancelled. The inlet holds this object weakly: no retain cycle.
    public func subscribe<Upstream: Publisher>(_ upstream: Upstream)
    where Upstream.Output == I, Upstream.Failure == Never {
        let inlet = Inlet(merge: self)
        // Registered before subscribing, so an upstream that finishes at once is removed.
        let accepted = state.mutate { state -> Bool in
            guard !state.cancelled else { return false }
            state.sinks[inlet.combineIdentifier] = AnyCancellable(inlet)
            return true
        }
        guard accepted else { return }
        upstream.subscribe(inlet)
    }

    /// Detaches every upstream; later `subscribe(_:)` calls are ignored.
    public func cancel() {
        let detached = state.mutate { state -> [AnyCancellable] in
            state.cancelled = true
            defer { state.sinks.removeAll() }
            return Array(state.sinks.values)
        }
        detached.forEach { $0.cancel() }
    }
    // snippet.end

    // snippet.inlet
    /// One upstream's way in: forwards its values into the subject and, when it finishes,
    /// removes its own entry. Unlike a `Subscribers.Sink`, which (observed on OpenCombine
    /// 0.14) ignores a cancel that comes before its subscription, it remembers one (a
    /// `cancel()` of the merge landing while this upstream is being attached) and cancels
    /// the subscription when it arrives.
    private final class Inlet: Subscriber, Cancellable, @unchecked Sendable {
        typealias Input = I
        typealias Failure = Never

        let combineIdentifier = CombineIdentifier()
        private weak var merge: MergeInput?
        /// The merge's `forward`, which holds its subject strongly: a value costs no weak
        /// load. The merge cancels every inlet when it goes, so nothing reaches the subject
        /// after that.
        private let forward: (I) -> Void
        /// Guards `subscription` and the writes of `cancelled`.
        private let lock = Lock()
        private var subscription: Subscription?
        /// Written under `lock`; read without it for each value, which only needs to see a
        /// cancel that has returned.
        private let cancelled = Synchronization.Atomic(false)

        init(merge: MergeInput) {
            self.merge = merge
            forward = merge.forward
        }

        func receive(subscription: Subscription) {
            let accepted: Bool = lock.withLock {
                guard !cancelled.load(ordering: .relaxed), self.subscription == nil else {
                    return false
                }
                self.subscription = subscription
                return true
            }
            guard accepted else {
                subscription.cancel()
                return
            }
            subscription.request(.unlimited)
        }

        func receive(_ input: I) -> Subscribers.Demand {
            guard !cancelled.load(ordering: .acquiring) else { return .none }
            forward(input)
            return .none
        }

        func receive(completion: Subscribers.Completion<Never>) {
            let id = combineIdentifier
            _ = merge?.state.mutate { $0.sinks.removeValue(forKey: id) }
        }

        func cancel() {
            let subscription: Subscription? = lock.withLock {
                cancelled.store(true, ordering: .releasing)
                defer { self.subscription = nil }
                return self.subscription
            }
            subscription?.cancel()
        }
    }
    // snippet.end

    /// How many upstreams are attached.
    var upstreamCount: Int {
        state.value.sinks.count
    }
}

extension Publisher where Failure == Never {
    // snippet.merge-into
    /// Feeds this publisher's values into `mergeInput`.
    public func merge(into mergeInput: MergeInput<Output>) {
        mergeInput.subscribe(self)
    }
    // snippet.end
}
