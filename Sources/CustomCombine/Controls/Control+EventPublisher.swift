/// Lets every control, and every subclass of it, make publishers whose output is the
/// control's own type, so a subscriber to a `Slider` receives a `Slider`.
public protocol ControlEventPublishing: Control {}

extension Control: ControlEventPublishing {}

extension Control {
    /// Publishes `control` each time it sends one of `events`; it never completes.
    ///
    /// Events that arrive while the subscriber has no outstanding demand are dropped: a
    /// control cannot be asked to wait.
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
        /// Registers a new event subscription as a target of the control, then hands it over.
        public func receive<S: Subscriber>(subscriber: S)
        where S.Input == C, S.Failure == Never {
            let subscription = EventSubscription(
                subscriber: subscriber, control: control, events: events)
            control.addTarget(subscription, action: EventSubscription<C, S>.action, for: events)
            subscriber.receive(subscription: subscription)
        }
        // snippet.end
    }
}

extension ControlEventPublishing {
    // snippet.publisher-for
    /// A publisher that emits this control each time it sends one of `events`.
    public func publisher(for events: Control.Event) -> Control.EventPublisher<Self> {
        Control.EventPublisher(control: self, events: events)
    }
    // snippet.end
}
