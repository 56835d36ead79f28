import OpenCombineShim
import Synchronization

/// A subscriber that records on its ``Timeline`` lane everything it gets and does, so a
/// marble block can show it.
///
/// It requests its initial demand when subscribed; `onValue` (if set) decides the demand to
/// add after each value, as a subscriber's `receive(_:)` does. ``request(_:)`` and
/// ``cancel()`` act on the subscription and are drawn too.
///
/// Unchecked Sendable: OpenCombine's `CombineIdentifier` is not marked `Sendable`.
package final class TimelineLane<Input, Failure: Error>: Subscriber, Cancellable,
    @unchecked Sendable
{
    /// The lane's name in the diagram.
    package let name: String
    /// Runs for each value; returns the demand to add (none by default).
    package var onValue: ((Input) -> Subscribers.Demand)? {
        get { state.withLock { $0.onValue } }
        set { state.withLock { $0.onValue = newValue } }
    }
    /// The values received, in order.
    package var values: [Input] { state.withLock { $0.values } }
    /// Where the marks go.
    package let timeline: Timeline
    /// Identifies the lane as a subscriber.
    package let combineIdentifier = CombineIdentifier()

    private let state = Mutex(State())
    private let demand: Subscribers.Demand

    /// The subscription, the hook and the values, shared by the publisher's threads and the
    /// example's. Unchecked: it holds the publisher's values and subscription and the
    /// example's closure, none of them `Sendable`, touched only in `state`.
    private struct State: @unchecked Sendable {
        var subscription: Subscription?
        var onValue: ((Input) -> Subscribers.Demand)?
        var values: [Input] = []
    }

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
        state.withLock { $0.subscription = subscription }
        draw(.subscribed)
        if demand > 0 {
            draw(.requested(demand))
            subscription.request(demand)
        }
    }

    package func receive(_ input: Input) -> Subscribers.Demand {
        let onValue = state.withLock { state in
            state.values.append(input)
            return state.onValue
        }
        draw(.value(String(describing: input)))
        let more = onValue?(input) ?? .none
        if more > 0 { draw(.requested(more)) }
        return more
    }

    package func receive(completion: Subscribers.Completion<Failure>) {
        // A finished subscription is over: a cancel after it does nothing, and draws nothing.
        state.withLock { $0.subscription = nil }
        switch completion {
        case .finished: draw(.finished)
        case .failure: draw(.failed)
        }
    }

    /// Asks the publisher for `demand` more values, drawn on the lane's request line.
    package func request(_ demand: Subscribers.Demand) {
        guard let subscription = state.withLock({ $0.subscription }) else { return }
        draw(.requested(demand))
        subscription.request(demand)
    }

    /// Cancels the subscription: `!` on the lane.
    package func cancel() {
        let subscription = state.withLock { state in
            defer { state.subscription = nil }
            return state.subscription
        }
        guard let subscription else { return }
        draw(.cancelled)
        subscription.cancel()
    }
}
