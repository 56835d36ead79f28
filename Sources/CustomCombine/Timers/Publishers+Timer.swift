import Dispatch

extension Publishers {
    // snippet.timer-factory
    /// A ``DispatchTimer`` ticking every `interval`, `times` times; by default on a global
    /// queue, with no leeway, forever.
    @_disfavoredOverload
    public static func timer(
        queue: DispatchQueue? = nil,
        interval: DispatchTimeInterval,
        leeway: DispatchTimeInterval = .nanoseconds(0),
        times: Subscribers.Demand = .unlimited
    ) -> DispatchTimer {
        DispatchTimer(
            configuration: DispatchTimerConfiguration(
                queue: queue, interval: interval, leeway: leeway, times: times))
    }
    // snippet.end
}
