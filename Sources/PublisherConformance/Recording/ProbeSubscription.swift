import CustomCombine
import Foundation

/// A subscription handed to a subscriber under test, recording what the subscriber does
/// with it: its requests (including a forbidden `.none`) and its cancels.
public final class ProbeSubscription: Subscription, @unchecked Sendable {
    /// Identifies the subscription, as every `Subscription` must.
    public let combineIdentifier = CombineIdentifier()
    private let lock = NSLock()
    private var demands: [Subscribers.Demand] = []
    private var cancels = 0

    /// A fresh probe with nothing recorded.
    public init() {}

    /// Every demand requested, in order.
    public var requests: [Subscribers.Demand] { lock.withLock { demands } }
    /// How many times `cancel()` was called.
    public var cancelCount: Int { lock.withLock { cancels } }

    /// Records the demand; never delivers anything itself.
    public func request(_ demand: Subscribers.Demand) {
        lock.withLock { demands.append(demand) }
    }

    /// Records the cancel.
    public func cancel() {
        lock.withLock { cancels += 1 }
    }
}
