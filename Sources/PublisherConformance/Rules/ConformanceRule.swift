/// The contract items the kit checks, numbered as in the conformance issue, so a failure
/// names the exact promise a publisher or subscriber broke.
public enum ConformanceRule: Int, CaseIterable, Sendable, Comparable, CustomStringConvertible {
    /// `receive(subscription:)` exactly once, before any value or completion.
    case subscriptionFirst = 1
    /// Values never exceed cumulative demand; zero demand means nothing is delivered.
    case demandBound = 2
    /// `.max(n)` requested in steps is honoured step by step; `.unlimited` absorbs everything.
    case stepwiseDemand = 3
    /// At most one completion, and nothing after it.
    case singleCompletion = 4
    /// A completion needs no demand.
    case completionWithoutDemand = 5
    /// Cancel stops delivery; request or cancel after cancel does nothing; cancel is thread-safe.
    case cancellation = 6
    /// Cancel and completion release the subscriber (or, for subscribers, the subscription).
    case release = 7
    /// Requesting, cancelling or sending from inside callbacks neither deadlocks nor crashes.
    case reentrancy = 8
    /// Concurrent sends never produce overlapping calls into one subscriber.
    case serialDelivery = 9
    /// Every subscriber of a multicast publisher sees the same sequence; replay has no gap.
    case multicastReplay = 10
    /// A late subscriber to a completed publisher gets its subscription, any replay, the completion.
    case lateSubscriber = 11
    /// A subscriber that already has a subscription cancels a second one.
    case secondSubscription = 12
    /// `request(.none)` is a contract violation: observed in a child process (trap or ignore).
    case requestNone = 13
    /// Not a numbered rule: many threads sending, subscribing and cancelling at once.
    case stress = 14
    /// A request or cancel from another thread while values flow neither deadlocks nor
    /// breaks demand: what a chain of components must survive when they are composed.
    case crossThreadControl = 15

    /// A stable short name used in failure messages and in the summary table.
    public var name: String {
        let titles = [
            "subscription-first", "demand-bound", "stepwise-demand", "single-completion",
            "completion-without-demand", "cancel", "release", "re-entrancy", "serial-delivery",
            "multicast-replay", "late-subscriber", "second-subscription", "request-none", "stress",
            "cross-thread-control",
        ]
        return titles[rawValue - 1]
    }

    /// The column heading in the summary table.
    public var columnTitle: String {
        self == .stress ? "S" : "R\(rawValue)"
    }

    /// `R2 demand-bound`: the rule number and name together.
    public var description: String {
        self == .stress ? "stress" : "R\(rawValue) \(name)"
    }

    /// Orders rules by number so reports list them in the order.
    public static func < (lhs: ConformanceRule, rhs: ConformanceRule) -> Bool {
        lhs.rawValue < rhs.rawValue
    }
}
