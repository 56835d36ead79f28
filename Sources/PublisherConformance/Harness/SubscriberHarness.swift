import CustomCombine

/// Describes a subscriber to the kit: a way to make a fresh one (as an `Int`/`Never`
/// subscriber) and, if it is cancellable on its own, how to cancel it.
public struct SubscriberHarness: @unchecked Sendable {
    /// A fresh subscriber and its cancel lever.
    public struct Instance {
        /// The subscriber, type-erased so one runner serves every subscriber type.
        public let subscriber: AnySubscriber<Int, Never>
        /// Cancels the subscriber itself; `nil` when it offers no cancel.
        public let cancel: (() -> Void)?

        /// Wraps a subscriber and its cancel lever.
        public init<S: Subscriber>(_ subscriber: S, cancel: (() -> Void)? = nil)
        where S.Input == Int, S.Failure == Never {
            self.subscriber = AnySubscriber(subscriber)
            self.cancel = cancel
        }
    }

    /// The row name in the summary table.
    public var name: String
    /// Makes a fresh subscriber for one scenario.
    public var make: () -> Instance
    /// The rules that apply: 12, 13, 6 and 7, without 6 for a subscriber that offers no
    /// cancel of its own. Each must be exercised, or the run fails.
    public var rules: Set<ConformanceRule>

    /// Describes a subscriber; `cancellable: false` when it has no cancel lever.
    public init(name: String, cancellable: Bool = true, make: @escaping () -> Instance) {
        self.name = name
        self.make = make
        rules = [.secondSubscription, .requestNone, .release]
        if cancellable { rules.insert(.cancellation) }
    }
}
