import Dispatch

// snippet.timer-configuration
/// Everything a ``DispatchTimer`` needs to know to ask its queue for ticks.
///
/// Immutable, so it can be shared across threads (`Subscribers.Demand` is a plain value).
public struct DispatchTimerConfiguration: @unchecked Sendable {
    /// Where the timer fires; `nil` for a global queue.
    public let queue: DispatchQueue?
    /// The time from the first request to the first tick, and between ticks.
    public let interval: DispatchTimeInterval
    /// How late the queue may run a tick: the scheduler's tolerance.
    public let leeway: DispatchTimeInterval
    /// How many ticks to emit before finishing; `.unlimited` never finishes.
    public let times: Subscribers.Demand

    /// Describes a timer firing every `interval` on `queue`, `times` times.
    public init(
        queue: DispatchQueue?,
        interval: DispatchTimeInterval,
        leeway: DispatchTimeInterval,
        times: Subscribers.Demand
    ) {
        self.queue = queue
        self.interval = interval
        self.leeway = leeway
        self.times = times
    }
}
// snippet.end
