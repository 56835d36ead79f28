import CustomCombine
import Foundation

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
    private let lock = NSLock()
    private var conduits: [CombineIdentifier: FlawedConduit] = [:]
    private var completed = false
    private var turn = 0
    private var churning = 0
    private var delivering: Set<ObjectIdentifier> = []

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
            let alreadyCompleted = lock.withLock {
                if !completed || keepsOn {
                    conduits[conduit.combineIdentifier] = conduit
                }
                return completed
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
        let targets: [FlawedConduit] = lock.withLock {
            if completed && !flaws.contains(.sendsAfterCompletion) { return [] }
            if flaws.contains(.dropsReentrantSends) && delivering.contains(thread) { return [] }
            if flaws.contains(.losesValuesDuringChurn) && churning > 0 { return [] }
            guard flaws.contains(.sharesValuesOut), !conduits.isEmpty else {
                return Array(conduits.values)
            }
            let inTurn = conduits.values.sorted {
                "\($0.combineIdentifier)" < "\($1.combineIdentifier)"
            }
            turn += 1
            return [inTurn[turn % inTurn.count]]
        }
        lock.withLock { _ = delivering.insert(thread) }
        targets.forEach { $0.offer(value) }
        lock.withLock { _ = delivering.remove(thread) }
    }

    func sendFinished() {
        let targets: [FlawedConduit] = lock.withLock {
            if completed && !flaws.contains(.sendsAfterCompletion) { return [] }
            completed = true
            defer { if !flaws.contains(.sendsAfterCompletion) { conduits.removeAll() } }
            return Array(conduits.values)
        }
        targets.forEach { $0.finish() }
    }

    func remove(_ conduit: FlawedConduit) {
        churn(+1)
        defer { churn(-1) }
        lock.withLock { _ = conduits.removeValue(forKey: conduit.combineIdentifier) }
    }

    /// Marks a subscribe or a cancel under way. With `losesValuesDuringChurn` it lasts a
    /// fifth of a millisecond, so sends from other threads fall into it.
    private func churn(_ change: Int) {
        lock.withLock { churning += change }
        if change > 0 && flaws.contains(.losesValuesDuringChurn) { usleep(200) }
    }
}

/// The per-subscriber subscription of ``FlawedSubject``.
final class FlawedConduit: Subscription, @unchecked Sendable {
    private let lock = NSLock()
    private let serial = NSRecursiveLock()
    private var downstream: AnySubscriber<Int, Never>?
    private var demand = Subscribers.Demand.none
    private var requested = false
    private var cancelled = false
    private weak var owner: FlawedSubject?
    private let flaws: FlawedSubject.Flaws

    init(_ downstream: AnySubscriber<Int, Never>, owner: FlawedSubject) {
        self.downstream = downstream
        self.owner = owner
        self.flaws = owner.flaws
    }

    func request(_ demand: Subscribers.Demand) {
        lock.withLock {
            defer { requested = true }
            if flaws.contains(.honoursFirstRequestOnly) && requested { return }
            if flaws.contains(.takesNoneAsUnlimited) && demand == .none {
                self.demand = .unlimited
                return
            }
            self.demand += demand
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
            lock.withLock { cancelled = true }
            return
        }
        lock.withLock { downstream = nil }
        owner?.remove(self)
    }

    func offer(_ value: Int) {
        let target: AnySubscriber<Int, Never>? = lock.withLock {
            guard let downstream, !cancelled else { return nil }
            if flaws.contains(.ignoresDemand) { return downstream }
            guard demand > 0 else { return nil }
            demand -= 1
            return downstream
        }
        guard let target else { return }
        if flaws.contains(.overlapsCalls) {
            let extra = target.receive(value)
            lock.withLock { demand += extra }
            return
        }
        let extra = deliver { target.receive(value) }
        lock.withLock { demand += extra }
    }

    func finish() {
        let target: AnySubscriber<Int, Never>? = lock.withLock {
            if flaws.contains(.completionNeedsDemand) && demand == .none { return nil }
            defer { if !flaws.contains(.sendsAfterCompletion) { downstream = nil } }
            return cancelled ? nil : downstream
        }
        deliver { target?.receive(completion: .finished) }
    }
}
