/// A subscriber's place in a subject, handed to its `CustomSubscription` as the upstream
/// subscription.
///
/// Cancelling it takes the subscriber off the subject's list, so a subject's link cancels
/// "upstream" like any other link: after its delivery lock is released. A request is passed
/// to `ask`, if there is one: `CustomSubject` uses it to ask its own upstreams only once a
/// subscriber wants values. Without `ask` a request needs no answer, because a replaying
/// subject sends what it has when it has it.
final class SubjectMembership: Subscription, @unchecked Sendable {
    private let leave: () -> Void
    private let ask: (() -> Void)?

    /// A place that `leave` gives up. `leave` holds the subject, which keeps it alive while
    /// it has subscribers, as `PassthroughSubject` does, until cancel or completion.
    init(leave: @escaping () -> Void, ask: (() -> Void)? = nil) {
        self.leave = leave
        self.ask = ask
    }

    func request(_ demand: Subscribers.Demand) {
        if demand > .none {
            ask?()
        }
    }

    func cancel() {
        leave()
    }
}
