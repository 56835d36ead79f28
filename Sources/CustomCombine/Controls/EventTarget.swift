// snippet.event-target
/// What the control calls back: it hands each event to the subscriber's link.
final class EventTarget<C: Control>: ControlTarget, @unchecked Sendable {
    static var action: Control.Action { "eventTargetFired" }

    let link: CustomSubscription<ForwardingBehavior<C, Never>>

    init(link: CustomSubscription<ForwardingBehavior<C, Never>>) {
        self.link = link
    }

    func perform(_ action: Control.Action, sender: Control, for event: Control.Event) {
        guard let control = sender as? C else { return }
        _ = link.receive(control)
    }
}
// snippet.end
