/// A subscriber's place in a subject, handed to its `CustomSubscription` as the upstream
/// subscription.
///
/// Cancelling it takes the subscriber off the subject's list, so a subject's link cancels
/// "upstream" like any other link: after its delivery lock is released. A request needs no
/// answer, because a subject sends what it has when it has it.
final class SubjectMembership: Subscription, @unchecked Sendable {
    private let leave: () -> Void

    /// A place that `leave` gives up. `leave` holds the subject, which keeps it alive while
    /// it has subscribers, as `PassthroughSubject` does, until cancel or completion.
    init(leave: @escaping () -> Void) {
        self.leave = leave
    }

    func request(_ demand: Subscribers.Demand) {}

    func cancel() {
        leave()
    }
}
