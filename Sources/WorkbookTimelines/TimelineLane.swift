import Foundation
import OpenCombineShim

/// A subscriber that records on its ``Timeline`` lane everything it gets and does, so a
/// marble block can show it.
///
/// It requests its initial demand when subscribed; `onValue` (if set) decides the demand to
/// add after each value, as a subscriber's `receive(_:)` does. ``request(_:)`` and
/// ``cancel()`` act on the subscription and are drawn too.
package final class TimelineLane<Input, Failure: Error>: Subscriber, Cancellable,
    @unchecked Sendable
{
    /// The lane's name in the diagram.
    package let name: String
    /// Runs for each value; returns the demand to add (none by default).
    package var onValue: ((Input) -> Subscribers.Demand)? {
        get { lock.withLock { storedOnValue } }
        set { lock.withLock { storedOnValue = newValue } }
    }
    /// The values received, in order.
    package var values: [Input] { lock.withLock { storedValues } }
    /// Where the marks go.
    package let timeline: Timeline
    /// Identifies the lane as a subscriber.
    package let combineIdentifier = CombineIdentifier()

    private let lock = NSLock()
    private let demand: Subscribers.Demand
    private var subscription: Subscription?
    private var storedOnValue: ((Input) -> Subscribers.Demand)?
    private var storedValues: [Input] = []

    /// Whether the timeline draws this lane: not when it refused its name.
    private let isDrawn: Bool

    init(name: String, demand: Subscribers.Demand, timeline: Timeline, isDrawn: Bool) {
        self.name = name
        self.demand = demand
        self.timeline = timeline
        self.isDrawn = isDrawn
    }

    /// Puts `mark` on the lane, if it is drawn.
    private func draw(_ mark: TimelineMark.Kind) {
        if isDrawn { timeline.record(mark, on: name) }
    }

    package func receive(subscription: Subscription) {
        lock.withLock { self.subscription = subscription }
        draw(.subscribed)
        if demand > 0 {
            draw(.requested(demand))
            subscription.request(demand)
        }
    }

    package func receive(_ input: Input) -> Subscribers.Demand {
        let onValue = lock.withLock {
            storedValues.append(input)
            return storedOnValue
        }
        draw(.value(String(describing: input)))
        let more = onValue?(input) ?? .none
        if more > 0 { draw(.requested(more)) }
        return more
    }

    package func receive(completion: Subscribers.Completion<Failure>) {
        // A finished subscription is over: a cancel after it does nothing, and draws nothing.
        lock.withLock { subscription = nil }
        switch completion {
        case .finished: draw(.finished)
        case .failure: draw(.failed)
        }
    }

    /// Asks the publisher for `demand` more values, drawn on the lane's request line.
    package func request(_ demand: Subscribers.Demand) {
        guard let subscription = lock.withLock({ self.subscription }) else { return }
        draw(.requested(demand))
        subscription.request(demand)
    }

    /// Cancels the subscription: `!` on the lane.
    package func cancel() {
        let subscription = lock.withLock {
            defer { self.subscription = nil }
            return self.subscription
        }
        guard let subscription else { return }
        draw(.cancelled)
        subscription.cancel()
    }
}
