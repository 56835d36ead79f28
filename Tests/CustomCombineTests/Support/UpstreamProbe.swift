import CustomCombine
import Foundation

/// A subscription that only records what downstream asks of it.
final class UpstreamProbe: Subscription, @unchecked Sendable {
    private let lock = NSLock()
    private var storedRequests: [Subscribers.Demand] = []
    private var storedCancels = 0

    var requests: [Subscribers.Demand] { lock.withLock { storedRequests } }
    var cancels: Int { lock.withLock { storedCancels } }

    func request(_ demand: Subscribers.Demand) {
        lock.withLock { storedRequests.append(demand) }
    }

    func cancel() {
        lock.withLock { storedCancels += 1 }
    }
}
