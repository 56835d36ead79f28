/// Publishes `control` each time it sends one of `events`; it never completes.
///
/// Events that arrive while the subscriber has no outstanding demand are dropped: a
/// control cannot be asked to wait.
///
/// Top-level, not nested in `Control`, so that a reader's own `EventPublisher` (chapter 14's
/// exercise) can take its place: a type in the reader's module hides the library's type of
/// the same name only when both are at the top level.
public struct EventPublisher<C: Control>: Publisher {
    /// The control itself, so the subscriber can read its state.
    public typealias Output = C
    /// Controls never fail.
    public typealias Failure = Never

    /// The control whose events are published.
    public let control: C
    /// The events that produce a value.
    public let events: Control.Event

    /// Creates a publisher of `events` sent by `control`.
    public init(control: C, events: Control.Event) {
        self.control = control
        self.events = events
    }

    // snippet.event-publisher-receive
    /// Makes the subscriber's link, registers a target for it on the control, and hands
    /// the link its upstream, the registration; the link then hands itself to the
    /// subscriber.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == C, S.Failure == Never {
        let link = CustomSubscription(
            behavior: ForwardingBehavior(downstream: AnySubscriber(forwardingTo: subscriber)))
        let target = EventTarget(link: link)
        control.addTarget(target, action: EventTarget<C>.action, for: events)
        link.receive(
            subscription: EventRegistration(control: control, target: target, events: events))
    }
    // snippet.end
}

extension ControlEventPublishing {
    /// A publisher that emits this control each time it sends one of `events`.
    ///
    /// Disfavoured so that a reader's own `publisher(for:)`, which returns their own
    /// `EventPublisher`, wins in chapter 14's exercise (chapter 00, "Building it yourself").
    @_disfavoredOverload
    public func publisher(for events: Control.Event) -> EventPublisher<Self> {
        EventPublisher(control: self, events: events)
    }
}
