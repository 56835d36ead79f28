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

    /// Describes a subscriber.
    public init(name: String, make: @escaping () -> Instance) {
        self.name = name
        self.make = make
    }
}
