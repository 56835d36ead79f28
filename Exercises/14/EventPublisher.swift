// Exercise: chapter 14, Control's event publisher.
// Solution: Sources/CustomCombine/Controls/EventPublisher.swift
// Solution: Sources/CustomCombine/Controls/EventTarget.swift
// Solution: Sources/CustomCombine/Controls/EventRegistration.swift

// The library declares this struct at the top level too, not nested in `Control`, so yours
// takes its place: your type hides the library's type of the same name only when both are at
// the top level.
// `ControlEventPublishing` stays the library's: `Slider` adopts it.

/// Publishes `control` each time it sends one of `events`; it never completes. Events that
/// arrive while the subscriber has no outstanding demand are dropped.
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

    // Add what the link needs: a target the control calls back, which hands each event to
    // the subscriber's link, and the link's upstream, a subscription whose `cancel()`
    // removes that target ('The link does the work').

    /// Gives the subscriber a link that the control calls back on each of `events`; cancelling
    /// the link removes that target from the control.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == C, S.Failure == Never {
        unwritten(
            "EventPublisher.receive(subscriber:)",
            see: "Chapters/14-event-publisher.md, 'The publisher is almost empty'")
    }
}

extension ControlEventPublishing {
    /// A publisher that emits this control each time it sends one of `events`.
    public func publisher(for events: Control.Event) -> EventPublisher<Self> {
        unwritten(
            "ControlEventPublishing.publisher(for:)",
            see: "Chapters/14-event-publisher.md, 'The publisher is almost empty'")
    }
}
