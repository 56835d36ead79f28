/// A mutex the thread holding it may take again.
///
/// `CustomSubscription` keeps it while a behavior talks to its downstream, so deliveries to
/// one subscriber never overlap, yet a subscriber that calls back into its subscription
/// (request, cancel) or sends into the same subject on the same thread does not deadlock.
@usableFromInline
final class RecursiveLock: Lock, @unchecked Sendable {
    init() {
        super.init(recursive: true)
    }
}
