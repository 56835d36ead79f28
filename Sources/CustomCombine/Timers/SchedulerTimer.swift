/// A timer on any scheduler, emitting the scheduler's time of each tick: the same timer as
/// ``DispatchTimer``, for a scheduler the caller picks.
///
/// Its point is a test scheduler: on one, ticks happen only when the test advances the
/// scheduler's clock, so a test of what a timer delivers, in which order and under which
/// demand, neither sleeps nor depends on how busy the machine is. Each subscriber gets a
/// timer of its own, started by its first request; ticks without demand are skipped.
public struct SchedulerTimer<Context: Scheduler>: Publisher {
    /// The scheduler's time of each tick.
    public typealias Output = Context.SchedulerTimeType
    /// A timer cannot fail.
    public typealias Failure = Never

    /// Where the timer ticks, and whose clock it reads.
    public let scheduler: Context
    /// The time from the first request to the first tick, and between ticks.
    public let interval: Context.SchedulerTimeType.Stride
    /// How late the scheduler may run a tick.
    public let tolerance: Context.SchedulerTimeType.Stride
    /// How many ticks to emit before finishing; `.unlimited` never finishes.
    public let times: Subscribers.Demand

    /// A timer ticking on `scheduler` every `interval`, `times` times.
    public init(
        scheduler: Context,
        interval: Context.SchedulerTimeType.Stride,
        tolerance: Context.SchedulerTimeType.Stride,
        times: Subscribers.Demand
    ) {
        self.scheduler = scheduler
        self.interval = interval
        self.tolerance = tolerance
        self.times = times
    }

    /// Gives the subscriber a link whose upstream is a timer of its own on the scheduler.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Never {
        let link = CustomSubscription(
            behavior: ForwardingBehavior(downstream: AnySubscriber(forwardingTo: subscriber)))
        let scheduler = scheduler
        let source = DispatchTimerSource(
            link: link, scheduler: scheduler, interval: interval, tolerance: tolerance,
            times: times, stamp: { scheduler.now })
        link.receive(subscription: source)
        source.finishIfExhausted()
    }
}

extension Publishers {
    // snippet.scheduler-timer-factory
    /// A ``SchedulerTimer`` ticking on `scheduler` every `interval`, `times` times; by default
    /// with no tolerance, forever.
    public static func timer<Context: Scheduler>(
        on scheduler: Context,
        interval: Context.SchedulerTimeType.Stride,
        tolerance: Context.SchedulerTimeType.Stride = .zero,
        times: Subscribers.Demand = .unlimited
    ) -> SchedulerTimer<Context> {
        SchedulerTimer(scheduler: scheduler, interval: interval, tolerance: tolerance, times: times)
    }
    // snippet.end
}
