import CombineSchedulers
import CustomCombine
import Dispatch
import PublisherConformance
import TestSupport
import XCTest

/// Hands its one subscriber a probe that records requests and cancels, and keeps the
/// subscriber so that a test can send to it.
private final class ProbePublisher: Publisher, @unchecked Sendable {
    typealias Output = Int
    typealias Failure = Never

    let probe = ProbeSubscription()
    private(set) var subscriber: AnySubscriber<Int, Never>?

    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
        self.subscriber = AnySubscriber(subscriber)
        subscriber.receive(subscription: probe)
    }
}

/// A subscription that counts the requests and cancels made while its subscriber is being
/// called (`insideDelivery`, set by the test's subscriber), and hands itself out once.
private final class StackProbe: Publisher, Subscription {
    typealias Output = Int
    typealias Failure = Never

    var insideDelivery = false
    private(set) var requests: [Subscribers.Demand] = []
    private(set) var cancels = 0
    private(set) var callsFromInside = 0
    private(set) var subscriber: AnySubscriber<Int, Never>?

    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
        self.subscriber = AnySubscriber(subscriber)
        subscriber.receive(subscription: self)
    }
    func request(_ demand: Subscribers.Demand) {
        requests.append(demand)
        if insideDelivery { callsFromInside += 1 }
    }
    func cancel() {
        cancels += 1
        if insideDelivery { callsFromInside += 1 }
    }
}

/// Keeps its one subscriber without subscribing it, so that a test can make the calls that
/// race on a real upstream in the order it chooses.
private final class HeldSubscriberPublisher: Publisher, @unchecked Sendable {
    typealias Output = Int
    typealias Failure = Never

    private(set) var subscriber: AnySubscriber<Int, Never>?

    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
        self.subscriber = AnySubscriber(subscriber)
    }
}

final class CustomReceiveOnTests: XCTestCase {
    func testACancelInsideReceiveRequestsNothingMoreUpstream() {
        let scheduler = DispatchQueue.test
        let upstream = ProbePublisher()
        var subscription: Subscription?
        CustomReceiveOn(upstream: upstream, scheduler: scheduler).subscribe(
            AnySubscriber<Int, Never>(
                receiveSubscription: {
                    subscription = $0
                    $0.request(.max(1))
                },
                receiveValue: { _ in
                    subscription?.cancel()
                    return .max(1)
                },
                receiveCompletion: { _ in }))

        _ = upstream.subscriber?.receive(1)
        scheduler.advance()

        XCTAssertEqual(upstream.probe.cancelCount, 1)
        XCTAssertEqual(
            upstream.probe.requests, [.max(1)], "the demand returned after the cancel stays down")
    }

    func testDeliveriesNeverOverlapOnAConcurrentScheduler() {
        let queue = DispatchQueue(label: "concurrent", attributes: .concurrent)
        let upstream = ProbePublisher()
        let inside = AtomicBox(0)
        let overlaps = AtomicBox(0)
        let events = Tally<Subscribers.Event<Int, Never>>()
        let finished = expectation(description: "finished")
        func enter() {
            let count = inside.mutate { count -> Int in
                count += 1
                return count
            }
            if count > 1 { overlaps.mutate { $0 += 1 } }
        }
        CustomReceiveOn(upstream: upstream, scheduler: queue).subscribe(
            AnySubscriber<Int, Never>(
                receiveSubscription: { $0.request(.unlimited) },
                receiveValue: { value in
                    enter()
                    usleep(200)
                    events.append(.value(value))
                    inside.mutate { $0 -= 1 }
                    return .none
                },
                receiveCompletion: { completion in
                    enter()
                    events.append(.complete(completion))
                    inside.mutate { $0 -= 1 }
                    finished.fulfill()
                }))

        for value in 1...50 { _ = upstream.subscriber?.receive(value) }
        upstream.subscriber?.receive(completion: .finished)
        wait(for: [finished], timeout: 10)
        queue.sync(flags: .barrier) {}

        XCTAssertEqual(overlaps.value, 0, "two calls into the subscriber at once")
        XCTAssertEqual(events.values.last, .complete(.finished), "nothing after the completion")
    }

    /// The delivery lock is never held while calling upstream: what the subscriber asks for
    /// inside a delivery goes up once the delivery is over, added up.
    func testRequestsAndCancelsMadeInsideADeliveryGoUpAfterIt() {
        let scheduler = DispatchQueue.test
        let upstream = StackProbe()
        var subscription: Subscription?
        CustomReceiveOn(upstream: upstream, scheduler: scheduler).subscribe(
            AnySubscriber<Int, Never>(
                receiveSubscription: {
                    upstream.insideDelivery = true
                    defer { upstream.insideDelivery = false }
                    subscription = $0
                    $0.request(.max(1))
                },
                receiveValue: { value in
                    upstream.insideDelivery = true
                    defer { upstream.insideDelivery = false }
                    if value == 1 {
                        subscription?.request(.max(2))
                        return .max(1)
                    }
                    subscription?.cancel()
                    return .none
                },
                receiveCompletion: { _ in }))

        XCTAssertEqual(upstream.requests, [.max(1)])
        _ = upstream.subscriber?.receive(1)
        scheduler.advance()
        XCTAssertEqual(upstream.requests, [.max(1), .max(3)])
        _ = upstream.subscriber?.receive(2)
        scheduler.advance()

        XCTAssertEqual(upstream.cancels, 1)
        XCTAssertEqual(upstream.callsFromInside, 0, "no call up while the subscriber is called")
    }

    /// An upstream that hands over the subscription outside its lock (OpenCombine 0.14's
    /// `PassthroughSubject` does) can have its completion, sent from another thread, reach
    /// the hop first, and its scheduled delivery run first. It waits for the handshake, on a
    /// test scheduler and on the immediate one, where the completion is delivered as it comes.
    func testACompletionBeforeTheSubscriptionWaitsForTheHandshake() {
        let testScheduler = DispatchQueue.test
        checkACompletionBeforeTheSubscriptionWaits(on: testScheduler) { testScheduler.advance() }
        checkACompletionBeforeTheSubscriptionWaits(on: ImmediateScheduler.shared) {}
    }

    private func checkACompletionBeforeTheSubscriptionWaits<Context: Scheduler>(
        on scheduler: Context, runDueActions: () -> Void, line: UInt = #line
    ) {
        let upstream = HeldSubscriberPublisher()
        let probe = ProbeSubscription()
        let recorder = Recorder<Int, Never>(demand: .max(1))
        CustomReceiveOn(upstream: upstream, scheduler: scheduler).subscribe(recorder)

        upstream.subscriber?.receive(completion: .finished)
        runDueActions()
        XCTAssertEqual(recorder.timeline, [], "nothing before the subscription", line: line)
        upstream.subscriber?.receive(subscription: probe)
        runDueActions()

        XCTAssertEqual(recorder.timeline, ["subscription", "finished"], line: line)
        XCTAssertEqual(
            probe.cancelCount, 0, "the first subscription is kept, not cancelled", line: line)
    }

    /// A completion that comes while the subscriber is still inside `receive(subscription:)`
    /// is delivered once that call has returned, not inside it.
    func testACompletionDuringTheHandshakeIsDeliveredAfterIt() {
        let upstream = HeldSubscriberPublisher()
        var timelineInsideTheHandshake: [String]?
        var recorder: Recorder<Int, Never>?
        recorder = Recorder(
            demand: .none,
            onSubscription: { _ in
                upstream.subscriber?.receive(completion: .finished)
                timelineInsideTheHandshake = recorder?.timeline
            })
        CustomReceiveOn(upstream: upstream, scheduler: ImmediateScheduler.shared)
            .subscribe(recorder!)

        upstream.subscriber?.receive(subscription: ProbeSubscription())

        XCTAssertEqual(timelineInsideTheHandshake, ["subscription"])
        XCTAssertEqual(recorder?.timeline, ["subscription", "finished"])
    }

    /// A completion held for a handshake is dropped if the subscriber cancels in the
    /// handshake, like any completion scheduled before a cancel.
    func testACompletionHeldForTheHandshakeIsDroppedIfTheSubscriberCancelsInIt() {
        let upstream = HeldSubscriberPublisher()
        let probe = ProbeSubscription()
        let recorder = Recorder<Int, Never>(demand: .none, onSubscription: { $0.cancel() })
        CustomReceiveOn(upstream: upstream, scheduler: ImmediateScheduler.shared)
            .subscribe(recorder)

        upstream.subscriber?.receive(completion: .finished)
        upstream.subscriber?.receive(subscription: probe)

        XCTAssertEqual(recorder.timeline, ["subscription"])
        XCTAssertEqual(probe.cancelCount, 1)
    }
}
