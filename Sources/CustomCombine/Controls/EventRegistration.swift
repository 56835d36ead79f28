// snippet.event-registration
/// The link's upstream: the target's place on the control. The control holds targets
/// weakly, so this keeps the target, and with it the link, alive until it is cancelled,
/// as a subject keeps its subscriptions: a subscriber need not store anything. It holds the
/// control weakly in turn: a subscription nobody cancelled must not keep its control alive.
final class EventRegistration<C: Control>: Subscription, @unchecked Sendable {
    private weak var control: C?
    private let target: EventTarget<C>
    private let events: Control.Event

    init(control: C, target: EventTarget<C>, events: Control.Event) {
        self.control = control
        self.target = target
        self.events = events
    }

    /// A control sends what happens when it happens: there is nothing to ask for.
    func request(_ demand: Subscribers.Demand) {}

    /// Removes the target; a control already gone has nothing left to remove.
    func cancel() {
        control?.removeTarget(target, action: EventTarget<C>.action, for: events)
    }
}
// snippet.end
