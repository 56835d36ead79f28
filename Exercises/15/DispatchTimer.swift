// Exercise: chapter 15, the DispatchTimer.
// Solution: Sources/CustomCombine/Timers/DispatchTimer.swift
// Solution: Sources/CustomCombine/Timers/DispatchTimerSource.swift
// Solution: Sources/CustomCombine/Timers/Publishers+Timer.swift

import Dispatch

// The library declares this struct at the top level too, not nested in `Publishers`, so yours
// takes its place: your type hides the library's type of the same name only when both are at
// the top level.
// `DispatchTimerConfiguration` is the library's, as the chapter shows it.

/// A timer built on `DispatchSourceTimer`, emitting the `DispatchTime` of each tick. Each
/// subscriber gets a timer of its own, started by its first request; ticks that come while
/// the subscriber has no demand are skipped.
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

    // Add the subscription's upstream: one subscriber's timer source, which keeps the ticks
    // left, the ticks requested, the `DispatchSourceTimer` and the link, behind a lock.

    /// Gives the subscriber a link whose upstream is a dispatch timer of its own, started by
    /// its first request; a timer with no ticks to give finishes at once.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == DispatchTime, S.Failure == Never {
        unwritten(
            "DispatchTimer.receive(subscriber:)",
            see:
                "Chapters/15-custom-operators-and-timer.md, 'The real way: a DispatchTimer publisher'"
        )
    }
}

extension Publishers {
    /// A `DispatchTimer` of yours ticking every `interval`, `times` times; by default on a global
    /// queue, with no leeway, forever.
    public static func timer(
        queue: DispatchQueue? = nil,
        interval: DispatchTimeInterval,
        leeway: DispatchTimeInterval = .nanoseconds(0),
        times: Subscribers.Demand = .unlimited
    ) -> DispatchTimer {
        unwritten(
            "Publishers.timer(queue:interval:leeway:times:)",
            see:
                "Chapters/15-custom-operators-and-timer.md, 'The real way: a DispatchTimer publisher'"
        )
    }
}
