import CustomCombine

/// One signal seen by a ``RecordingSubscriber``, with the demand bookkeeping at that moment,
/// so that a failure can show exactly what was asked for and what arrived.
public enum LedgerEntry: Sendable, CustomStringConvertible {
    /// `receive(subscription:)`; `ordinal` counts subscriptions (a second one is a violation).
    case subscription(ordinal: Int)
    /// A request the subscriber made, and the cumulative demand after it.
    case request(Subscribers.Demand, cumulative: Subscribers.Demand, context: String)
    /// A value, the running count of delivered values, the demand it counted against,
    /// and the extra demand returned from `receive(_:)`.
    case value(String, delivered: Int, cumulative: Subscribers.Demand, returned: Subscribers.Demand)
    /// `receive(completion:)`.
    case completion(String)
    /// The subscriber cancelled its subscription.
    case cancel(context: String)
    /// A contract violation noticed while the signal arrived.
    case violation(ConformanceRule, String)

    /// One line of the history printed on failure.
    public var description: String {
        switch self {
        case .subscription(let ordinal):
            return "receive(subscription:) #\(ordinal)"
        case .request(let demand, let cumulative, let context):
            return "request(\(demand)) [\(context)] -> cumulative demand \(cumulative)"
        case .value(let value, let delivered, let cumulative, let returned):
            return "receive(\(value)) delivered \(delivered) of \(cumulative), returned \(returned)"
        case .completion(let completion):
            return "receive(completion: \(completion))"
        case .cancel(let context):
            return "cancel() [\(context)]"
        case .violation(let rule, let message):
            return "!! \(rule): \(message)"
        }
    }
}
