import CustomCombine
import Dispatch
import Foundation
import OpenCombineShim
import TestSupport
import XCTest

/// `cancel()` and `request(_:)` made on one thread while a delivery on another thread is
/// held inside the subscriber, and the subscriber waits for the first thread: the shape of
/// a `receive` that hops to the main thread synchronously while the main thread cancels.
/// Each call must return while the delivery is still held; a call that waits for it shows
/// as `.waitedForDelivery` after the gate's patience, never as a hang. After `cancel()`
/// returns no new delivery starts: the second value sent is never delivered.
///
/// The first tests are the controls: OpenCombine's own `scan` and `sink`.
final class CallDuringBlockedDeliveryTests: XCTestCase {
    /// Subscribes a recorder that holds its first value in the gate, sends 1 and 2 on a
    /// thread of its own, and makes `call` with the subscription while 1 is held.
    private func hold<P: Publisher>(
        _ publisher: P,
        demand: Subscribers.Demand = .unlimited,
        send: @escaping @Sendable () -> Void,
        settle: (_ delivered: () -> Int) -> Void,
        call: (Subscription) -> Void
    ) -> (outcome: DeliveryGate.Outcome, values: [P.Output]) {
        let gate = DeliveryGate()
        let recorder = Recorder<P.Output, P.Failure>(
            demand: demand,
            onValue: { _ in
                gate.hold()
                return .none
            })
        publisher.subscribe(recorder)
        guard let subscription = recorder.subscription else {
            XCTFail("no subscription")
            return (.noDelivery, [])
        }
        let outcome = gate.callWhileHeld(send: send, call: { call(subscription) })
        settle { recorder.values.count }
        return (outcome, recorder.values)
    }

    /// Sends 1, then 2, through `sending`; nothing for a source that delivers by itself.
    private func twoValues(_ sending: (@Sendable (Int) -> Void)?) -> @Sendable () -> Void {
        {
            sending?(1)
            sending?(2)
        }
    }

    private func cancelWhileHeld<P: Publisher>(
        _ publisher: P, sending: (@Sendable (Int) -> Void)?, settle: () -> Void = {},
        file: StaticString = #filePath, line: UInt = #line
    ) {
        let run = hold(
            publisher, send: twoValues(sending), settle: { _ in settle() }, call: { $0.cancel() })
        XCTAssertEqual(run.outcome, .returnedWhileHeld, "cancel()", file: file, line: line)
        XCTAssertEqual(
            run.values.count, 1, "a value delivered after cancel()", file: file, line: line)
    }

    /// The second value may come later than the sender returns (a timer's next tick): waits
    /// up to five seconds for it.
    private func requestWhileHeld<P: Publisher>(
        _ publisher: P, sending: (@Sendable (Int) -> Void)?,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        let deadline = Date() + 5
        let run = hold(
            publisher, demand: .max(1), send: twoValues(sending),
            settle: { delivered in
                while delivered() < 2 && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
            },
            call: { $0.request(.max(1)) })
        XCTAssertEqual(run.outcome, .returnedWhileHeld, "request(_:)", file: file, line: line)
        XCTAssertEqual(
            run.values.count, 2, "the value the request asked for", file: file, line: line)
    }

    // MARK: Controls: OpenCombine's components

    func testControl_scanOnPassthroughSubject() {
        let subject = Shared(value: PassthroughSubject<Int, Never>())
        cancelWhileHeld(subject.value.scan(0, +), sending: { subject.value.send($0) })
        let other = Shared(value: PassthroughSubject<Int, Never>())
        requestWhileHeld(other.value.scan(0, +), sending: { other.value.send($0) })
    }

    // MARK: The library's links

    func testCustomSubscription_relay() {
        func relay(_ subject: PassthroughSubject<Int, Never>) -> RelayPublisher {
            RelayPublisher(upstream: subject)
        }
        let subject = Shared(value: PassthroughSubject<Int, Never>())
        cancelWhileHeld(relay(subject.value), sending: { subject.value.send($0) })
        let other = Shared(value: PassthroughSubject<Int, Never>())
        requestWhileHeld(relay(other.value), sending: { other.value.send($0) })
    }

    func testCustomScan() {
        let subject = Shared(value: PassthroughSubject<Int, Never>())
        cancelWhileHeld(
            CustomScan(upstream: subject.value, initialResult: 0, nextPartialResult: +),
            sending: { subject.value.send($0) })
        let other = Shared(value: PassthroughSubject<Int, Never>())
        requestWhileHeld(
            CustomScan(upstream: other.value, initialResult: 0, nextPartialResult: +),
            sending: { other.value.send($0) })
    }

    func testCustomSubject() {
        let subject = Shared(value: CustomSubject<Int, Never>())
        cancelWhileHeld(subject.value, sending: { subject.value.send($0) })
        let other = Shared(value: CustomSubject<Int, Never>())
        requestWhileHeld(other.value, sending: { other.value.send($0) })
    }

    func testBufferSubject() {
        let subject = Shared(value: BufferSubject<Int, Never>(limit: 0))
        cancelWhileHeld(subject.value, sending: { subject.value.send($0) })
        let other = Shared(value: BufferSubject<Int, Never>(limit: 0))
        requestWhileHeld(other.value, sending: { other.value.send($0) })
    }

    /// A completed subject's replay to a late subscriber that asks only later: that drain
    /// runs after the link has let go of its upstream, and must still stop at a cancel.
    func testBufferSubject_replayAfterCompletion() {
        let subject = BufferSubject<Int, Never>(limit: 3)
        subject.send(sequence: 1...3, completion: .finished)
        let gate = DeliveryGate()
        let recorder = Recorder<Int, Never>(
            demand: .none,
            onValue: { _ in
                gate.hold()
                return .none
            })
        subject.subscribe(recorder)
        guard let subscription = recorder.subscription else { return XCTFail("no subscription") }
        let shared = Shared(value: subscription)
        let outcome = gate.callWhileHeld(
            send: { shared.value.request(.unlimited) }, call: { subscription.cancel() })
        XCTAssertEqual(outcome, .returnedWhileHeld, "cancel()")
        XCTAssertEqual(recorder.values, [1], "a replayed value delivered after cancel()")
    }

    func testShareReplay() {
        let subject = Shared(value: PassthroughSubject<Int, Never>())
        cancelWhileHeld(
            subject.value.shareReplay(capacity: 0),
            sending: { subject.value.send($0) })
        let other = Shared(value: PassthroughSubject<Int, Never>())
        requestWhileHeld(
            other.value.shareReplay(capacity: 0),
            sending: { other.value.send($0) })
    }

    func testEventPublisher() {
        let control = SharedControl()
        cancelWhileHeld(
            control.publisher(for: .valueChanged).map { _ in 1 },
            sending: { _ in control.sendActions(for: .valueChanged) })
        let other = SharedControl()
        requestWhileHeld(
            other.publisher(for: .valueChanged).map { _ in 1 },
            sending: { _ in other.sendActions(for: .valueChanged) })
    }

    func testDispatchTimer() {
        // The timer delivers on its own queue: the sender thread has nothing to do. After a
        // cancel, a second tick would come an interval after the first returned: a sleep of
        // ten intervals lets it come (a late tick can only hide a failure, never fake one).
        let ticks = Publishers.timer(interval: .milliseconds(20), times: .max(2)).map { _ in 1 }
        let tenIntervals = { Thread.sleep(forTimeInterval: 0.2) }
        cancelWhileHeld(ticks, sending: nil, settle: tenIntervals)
        requestWhileHeld(ticks, sending: nil)
    }

    // MARK: The library's subscribers, cancelled while their closure is held

    private func cancelSinkWhileHeld(
        file: StaticString = #filePath, line: UInt = #line,
        _ attach: (PassthroughSubject<Int, Never>, DeliveryGate, Tally<Int>) -> Cancellable
    ) {
        let subject = Shared(value: PassthroughSubject<Int, Never>())
        let gate = DeliveryGate()
        let values = Tally<Int>()
        let sink = attach(subject.value, gate, values)
        let outcome = gate.callWhileHeld(send: twoValues { subject.value.send($0) }) {
            sink.cancel()
        }
        XCTAssertEqual(outcome, .returnedWhileHeld, "cancel()", file: file, line: line)
        XCTAssertEqual(
            values.values, [1], "a value delivered after cancel()", file: file, line: line)
    }

    func testControl_sink() {
        cancelSinkWhileHeld { subject, gate, values in
            subject.sink {
                values.append($0)
                gate.hold()
            }
        }
    }

    func testCustomSink() {
        cancelSinkWhileHeld { subject, gate, values in
            subject.customSink(receiveCompletion: { _ in }) {
                values.append($0)
                gate.hold()
            }
        }
    }

    func testPausableSubscriber() {
        cancelSinkWhileHeld { subject, gate, values in
            subject.pausableSink(receiveCompletion: { _ in }) {
                values.append($0)
                gate.hold()
                return true
            }
        }
    }

    func testCustomDemandSink() {
        cancelSinkWhileHeld { subject, gate, values in
            let sink = CustomDemandSink<Int, Never>(
                demand: 5,
                receiveValue: {
                    values.append($0)
                    gate.hold()
                },
                receiveCompletion: { _ in })
            subject.subscribe(sink)
            return sink
        }
    }
}

/// One `CustomSubscription` of a `Relay` between a subject and the subscriber.
private struct RelayPublisher: Publisher {
    typealias Output = Int
    typealias Failure = Never

    let upstream: PassthroughSubject<Int, Never>

    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
        upstream.subscribe(
            CustomSubscription(behavior: Relay(downstream: AnySubscriber(subscriber))))
    }
}
