// Exercise: chapter 13, CustomReceiveOn.
// Solution: Sources/CustomCombine/Operators/CustomReceiveOn.swift

/// A publisher that delivers its upstream's values and completion on `scheduler`, like
/// `receive(on:)`: the subscription, requests and cancels pass straight through on the
/// caller's thread, so demand reaches upstream without waiting for the scheduler; only what
/// flows down hops.
///
/// Calls into the subscriber never overlap, even on a concurrent scheduler, and nothing
/// follows the completion; but only a serial scheduler keeps the order, so on a concurrent
/// one values may come out of order, and a value the completion overtakes is dropped.
public struct CustomReceiveOn<Upstream: Publisher, Context: Scheduler>: Publisher {
    /// Values pass through unchanged.
    public typealias Output = Upstream.Output
    /// Failures pass through unchanged.
    public typealias Failure = Upstream.Failure

    /// The publisher whose events hop.
    public let upstream: Upstream
    /// Where values and the completion are delivered.
    public let scheduler: Context

    /// Delivers `upstream`'s values and completion on `scheduler`.
    public init(upstream: Upstream, scheduler: Context) {
        self.upstream = upstream
        self.scheduler = scheduler
    }

    // Add a class that is both upstream's subscriber and downstream's subscription: it
    // passes the subscription down and requests and cancels up at once (those its subscriber
    // makes inside a delivery once that delivery is over), and schedules each value and the
    // completion, delivering them under a recursive lock; take that lock for the handshake
    // before you record the subscription, and hold a completion whose turn comes before the
    // handshake is over, scheduling it again once it is, so that a completion from another
    // thread cannot reach the subscriber first ('Write your own hop').

    /// Subscribes upstream with a hop that hands each event to the scheduler.
    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
        unwritten(
            "CustomReceiveOn.receive(subscriber:)",
            see: "Chapters/13-scheduling.md, 'Write your own hop'")
    }
}
