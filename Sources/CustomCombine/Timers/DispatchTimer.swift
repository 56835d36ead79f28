import Dispatch

/// A timer on a dispatch queue, emitting the `DispatchTime` of each tick.
///
/// Each subscriber gets a timer of its own, started by its first request. Ticks that come
/// while the subscriber has no demand are skipped, not stored: a timer should not burst.
///
/// Top-level, not nested in `Publishers` as Combine's publishers are, so that a reader's own
/// `DispatchTimer` (chapter 15's exercise) can take its place: a type in the reader's module
/// hides the library's type of the same name only when both are at the top level.
public struct DispatchTimer: Publisher, Sendable {
    /// The time of each tick.
    public typealias Output = DispatchTime
    /// A timer cannot fail.
    public typealias Failure = Never

    /// The timer every subscriber gets.
    public let configuration: DispatchTimerConfiguration

    /// Creates a timer publisher with the given configuration.
    public init(configuration: DispatchTimerConfiguration) {
        self.configuration = configuration
    }

    // snippet.timer-receive
    /// Gives the subscriber a link whose upstream is a timer of its own, ticking on the
    /// configured queue (a global one if none). A timer with no ticks to give finishes right
    /// away: a completion needs no demand.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == DispatchTime, S.Failure == Never {
        let link = CustomSubscription(
            behavior: ForwardingBehavior(downstream: AnySubscriber(forwardingTo: subscriber)))
        let source = DispatchTimerSource(
            link: link, scheduler: configuration.queue ?? .global(),
            interval: .init(configuration.interval), tolerance: .init(configuration.leeway),
            times: configuration.times, stamp: { DispatchTime.now() })
        link.receive(subscription: source)
        source.finishIfExhausted()
    }
    // snippet.end
}
