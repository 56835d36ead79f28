import CustomCombine
import Foundation
import Synchronization

/// A small subject whose contract breaches are switched on one at a time, so each kit test
/// shows the kit catching one broken promise (and, with no flaws, passing).
final class FlawedSubject: Publisher, @unchecked Sendable {
    typealias Output = Int
    typealias Failure = Never

    struct Flaws: OptionSet, CaseIterable {
        let rawValue: Int
        /// Delivers every value, whatever the demand (rule 2).
        static let ignoresDemand = Flaws(rawValue: 1 << 0)
        /// Keeps delivering, and completing, after its completion (rule 4).
        static let sendsAfterCompletion = Flaws(rawValue: 1 << 1)
        /// Hands every subscriber two subscriptions (rule 1).
        static let twoSubscriptions = Flaws(rawValue: 1 << 2)
        /// Sends a value before the subscription (rule 1).
        static let valueBeforeSubscription = Flaws(rawValue: 1 << 3)
        /// Calls one subscriber from two sending threads at once (rule 9).
        static let overlapsCalls = Flaws(rawValue: 1 << 4)
        /// Counts only a subscription's first request (rule 3).
        static let honoursFirstRequestOnly = Flaws(rawValue: 1 << 5)
        /// Holds a completion back from a subscriber without demand (rule 5).
        static let completionNeedsDemand = Flaws(rawValue: 1 << 6)
        /// Ignores cancel: delivery goes on, the subscriber stays (rule 6).
        static let deliversAfterCancel = Flaws(rawValue: 1 << 7)
        /// Stops delivering on cancel but keeps the subscriber (rule 7).
        static let cancelKeepsSubscriber = Flaws(rawValue: 1 << 8)
        /// Drops a value sent from inside one of its own deliveries (rule 8).
        static let dropsReentrantSends = Flaws(rawValue: 1 << 9)
        /// Gives each value to one subscriber only, in turn (rule 10).
        static let sharesValuesOut = Flaws(rawValue: 1 << 10)
        /// Registers a subscriber that comes after the completion, and never tells it
        /// (rule 11).
        static let forgetsCompletion = Flaws(rawValue: 1 << 11)
        /// Drops values sent while a subscriber is subscribing or cancelling (stress).
        static let losesValuesDuringChurn = Flaws(rawValue: 1 << 12)
        /// Takes `request(.none)` as `.unlimited` (rule 13, in a child process).
        static let takesNoneAsUnlimited = Flaws(rawValue: 1 << 13)

        static let allCases: [Flaws] = (0...13).map { Flaws(rawValue: 1 << $0) }
    }

    let flaws: Flaws
    private let state = Mutex(State())

    /// The subscribers and where sending is, shared by the threads that send and subscribe.
    private struct State {
        var conduits: [CombineIdentifier: FlawedConduit] = [:]
        var completed = false
        var turn = 0
        var churning = 0
        var delivering: Set<ObjectIdentifier> = []
    }

    init(_ flaws: Flaws = []) {
        self.flaws = flaws
    }

    /// Registers and hands over the subscription under the conduit's delivery lock, so a
    /// completion sent from another thread meanwhile waits for the handshake.
    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
        churn(+1)
        defer { churn(-1) }
        let conduit = FlawedConduit(AnySubscriber(subscriber), owner: self)
        let keepsOn = flaws.contains(.sendsAfterCompletion) || flaws.contains(.forgetsCompletion)
        let alreadyCompleted = conduit.deliver {
            let alreadyCompleted = state.withLock { state in
                if !state.completed || keepsOn {
                    state.conduits[conduit.combineIdentifier] = conduit
                }
                return state.completed
            }
            if flaws.contains(.valueBeforeSubscription) {
                _ = subscriber.receive(-7)
            }
            subscriber.receive(subscription: conduit)
            if flaws.contains(.twoSubscriptions) {
                subscriber.receive(
                    subscription: FlawedConduit(AnySubscriber(subscriber), owner: self))
            }
            return alreadyCompleted
        }
        if alreadyCompleted && !keepsOn {
            conduit.finish()
        }
    }

    func send(_ value: Int) {
        let thread = ObjectIdentifier(Thread.current)
        let targets: [FlawedConduit] = state.withLock { state in
            if state.completed && !flaws.contains(.sendsAfterCompletion) { return [] }
            if flaws.contains(.dropsReentrantSends) && state.delivering.contains(thread) {
                return []
            }
            if flaws.contains(.losesValuesDuringChurn) && state.churning > 0 { return [] }
            guard flaws.contains(.sharesValuesOut), !state.conduits.isEmpty else {
                return Array(state.conduits.values)
            }
            let inTurn = state.conduits.values.sorted {
                "\($0.combineIdentifier)" < "\($1.combineIdentifier)"
            }
            state.turn += 1
            return [inTurn[state.turn % inTurn.count]]
        }
        state.withLock { _ = $0.delivering.insert(thread) }
        targets.forEach { $0.offer(value) }
        state.withLock { _ = $0.delivering.remove(thread) }
    }

    func sendFinished() {
        let targets: [FlawedConduit] = state.withLock { state in
            if state.completed && !flaws.contains(.sendsAfterCompletion) { return [] }
            state.completed = true
            defer { if !flaws.contains(.sendsAfterCompletion) { state.conduits.removeAll() } }
            return Array(state.conduits.values)
        }
        targets.forEach { $0.finish() }
    }

    func remove(_ conduit: FlawedConduit) {
        churn(+1)
        defer { churn(-1) }
        state.withLock { _ = $0.conduits.removeValue(forKey: conduit.combineIdentifier) }
    }

    /// Marks a subscribe or a cancel under way. With `losesValuesDuringChurn` it lasts a
    /// fifth of a millisecond, so sends from other threads fall into it.
    private func churn(_ change: Int) {
        state.withLock { $0.churning += change }
        if change > 0 && flaws.contains(.losesValuesDuringChurn) { usleep(200) }
    }
}

/// The per-subscriber subscription of ``FlawedSubject``.
final class FlawedConduit: Subscription, @unchecked Sendable {
    private let state: Mutex<State>
    /// Recursive, unlike a `Mutex`: a subscriber may send from inside its delivery.
    private let serial = NSRecursiveLock()
    private weak var owner: FlawedSubject?
    private let flaws: FlawedSubject.Flaws

    /// The subscriber and its demand, shared by the sending threads and the subscriber's.
    /// Unchecked: `AnySubscriber` is not `Sendable`; it is touched only in `state`.
    private struct State: @unchecked Sendable {
        var downstream: AnySubscriber<Int, Never>?
        var demand = Subscribers.Demand.none
        var requested = false
        var cancelled = false
    }

    init(_ downstream: AnySubscriber<Int, Never>, owner: FlawedSubject) {
        self.state = Mutex(State(downstream: downstream))
        self.owner = owner
        self.flaws = owner.flaws
    }

    func request(_ demand: Subscribers.Demand) {
        state.withLock { state in
            defer { state.requested = true }
            if flaws.contains(.honoursFirstRequestOnly) && state.requested { return }
            if flaws.contains(.takesNoneAsUnlimited) && demand == .none {
                state.demand = .unlimited
                return
            }
            state.demand += demand
        }
    }

    /// Runs `body` under the lock that keeps deliveries to the subscriber from overlapping.
    func deliver<Result>(_ body: () -> Result) -> Result {
        serial.lock()
        defer { serial.unlock() }
        return body()
    }

    func cancel() {
        if flaws.contains(.deliversAfterCancel) { return }
        if flaws.contains(.cancelKeepsSubscriber) {
            state.withLock { $0.cancelled = true }
            return
        }
        state.withLock { $0.downstream = nil }
        owner?.remove(self)
    }

    func offer(_ value: Int) {
        let target: AnySubscriber<Int, Never>? = state.withLock { state in
            guard let downstream = state.downstream, !state.cancelled else { return nil }
            if flaws.contains(.ignoresDemand) { return downstream }
            guard state.demand > 0 else { return nil }
            state.demand -= 1
            return downstream
        }
        guard let target else { return }
        if flaws.contains(.overlapsCalls) {
            let extra = target.receive(value)
            state.withLock { $0.demand += extra }
            return
        }
        let extra = deliver { target.receive(value) }
        state.withLock { $0.demand += extra }
    }

    func finish() {
        let target: AnySubscriber<Int, Never>? = state.withLock { state in
            if flaws.contains(.completionNeedsDemand) && state.demand == .none { return nil }
            defer { if !flaws.contains(.sendsAfterCompletion) { state.downstream = nil } }
            return state.cancelled ? nil : state.downstream
        }
        deliver { target?.receive(completion: .finished) }
    }
}
