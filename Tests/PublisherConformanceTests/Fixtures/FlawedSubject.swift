import CustomCombine
import Foundation

/// A small subject whose contract breaches are switched on one at a time, so each kit test
/// shows the kit catching exactly one broken promise (and, with no flaws, passing).
final class FlawedSubject: Publisher, @unchecked Sendable {
    typealias Output = Int
    typealias Failure = Never

    struct Flaws: OptionSet {
        let rawValue: Int
        static let ignoresDemand = Flaws(rawValue: 1 << 0)
        static let sendsAfterCompletion = Flaws(rawValue: 1 << 1)
        static let twoSubscriptions = Flaws(rawValue: 1 << 2)
        static let valueBeforeSubscription = Flaws(rawValue: 1 << 3)
        static let overlapsCalls = Flaws(rawValue: 1 << 4)
    }

    let flaws: Flaws
    private let lock = NSLock()
    private var conduits: [CombineIdentifier: FlawedConduit] = [:]
    private var completed = false

    init(_ flaws: Flaws = []) {
        self.flaws = flaws
    }

    /// Registers and hands over the subscription under the conduit's delivery lock, so a
    /// completion sent from another thread meanwhile waits for the handshake.
    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
        let conduit = FlawedConduit(AnySubscriber(subscriber), owner: self)
        let alreadyCompleted = conduit.deliver {
            let alreadyCompleted = lock.withLock {
                if !completed || flaws.contains(.sendsAfterCompletion) {
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
        if alreadyCompleted && !flaws.contains(.sendsAfterCompletion) {
            conduit.finish()
        }
    }

    func send(_ value: Int) {
        let targets = lock.withLock {
            completed && !flaws.contains(.sendsAfterCompletion) ? [] : Array(conduits.values)
        }
        targets.forEach { $0.offer(value) }
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
        lock.withLock { _ = conduits.removeValue(forKey: conduit.combineIdentifier) }
    }
}

/// The per-subscriber subscription of ``FlawedSubject``.
final class FlawedConduit: Subscription, @unchecked Sendable {
    private let lock = NSLock()
    private let serial = NSRecursiveLock()
    private var downstream: AnySubscriber<Int, Never>?
    private var demand = Subscribers.Demand.none
    private weak var owner: FlawedSubject?
    private let flaws: FlawedSubject.Flaws

    init(_ downstream: AnySubscriber<Int, Never>, owner: FlawedSubject) {
        self.downstream = downstream
        self.owner = owner
        self.flaws = owner.flaws
    }

    func request(_ demand: Subscribers.Demand) {
        lock.withLock { self.demand += demand }
    }

    /// Runs `body` under the lock that keeps deliveries to the subscriber from overlapping.
    func deliver<Result>(_ body: () -> Result) -> Result {
        serial.lock()
        defer { serial.unlock() }
        return body()
    }

    func cancel() {
        lock.withLock { downstream = nil }
        owner?.remove(self)
    }

    func offer(_ value: Int) {
        let target: AnySubscriber<Int, Never>? = lock.withLock {
            guard let downstream else { return nil }
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
        serial.lock()
        let extra = target.receive(value)
        serial.unlock()
        lock.withLock { demand += extra }
    }

    func finish() {
        let target: AnySubscriber<Int, Never>? = lock.withLock {
            defer { if !flaws.contains(.sendsAfterCompletion) { downstream = nil } }
            return downstream
        }
        serial.lock()
        target?.receive(completion: .finished)
        serial.unlock()
    }
}
