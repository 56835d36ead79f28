import CustomCombine
import Synchronization

/// A subscription handed to a subscriber under test, recording what the subscriber does
/// with it: its requests (including a forbidden `.none`) and its cancels.
///
/// Unchecked Sendable: OpenCombine's `CombineIdentifier` is not marked `Sendable`.
public final class ProbeSubscription: Subscription, @unchecked Sendable {
    /// Identifies the subscription, as every `Subscription` must.
    public let combineIdentifier = CombineIdentifier()
    private let demands = Mutex<[Subscribers.Demand]>([])
    private let cancels = Mutex(0)

    /// A fresh probe with nothing recorded.
    public init() {}

    /// Every demand requested, in order.
    public var requests: [Subscribers.Demand] { demands.withLock { $0 } }
    /// How many times `cancel()` was called.
    public var cancelCount: Int { cancels.withLock { $0 } }

    /// Records the demand; never delivers anything itself.
    public func request(_ demand: Subscribers.Demand) {
        demands.withLock { $0.append(demand) }
    }

    /// Records the cancel.
    public func cancel() {
        cancels.withLock { $0 += 1 }
    }
}
