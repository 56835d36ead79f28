import CustomCombine
import Dispatch
import PublisherConformance
import TestSupport
import XCTest

final class CustomSubscriptionTests: XCTestCase {
    func testIsTheDownstreamsSubscriptionWithAnIdentifierCopiesShare() {
        let recorder = Recorder<Int, Never>()
        let relay = Relay(downstream: AnySubscriber(recorder))
        let subscription = CustomSubscription(behavior: relay)
        let copy = subscription
        subscription.receive(subscription: ProbeSubscription())
        XCTAssertEqual(recorder.subscription?.combineIdentifier, subscription.combineIdentifier)
        XCTAssertEqual(copy.combineIdentifier, subscription.combineIdentifier)
        XCTAssertNotEqual(
            subscription.combineIdentifier, relay.combineIdentifier,
            "not the behavior's, which is released on cancel while the link may still be listed")
    }

    func testARequestWrittenDownBeforeACancelNeverGoesUp() {
        // The subscriber asks and cancels inside its handshake: both calls up are written down
        // while the delivery lock is held, and made after it. The cancel has returned by then,
        // so the request must not reach the upstream (it would set it working for nobody).
        let probe = ProbeSubscription()
        let subscription = CustomSubscription(
            behavior: Relay(
                downstream: AnySubscriber<Int, Never>(
                    receiveSubscription: {
                        $0.request(.unlimited)
                        $0.cancel()
                    },
                    receiveValue: { _ in .none },
                    receiveCompletion: { _ in })))
        subscription.receive(subscription: probe)
        XCTAssertEqual(probe.requests, [], "a request made before a cancel that has returned")
        XCTAssertEqual(probe.cancelCount, 1)
    }

    func testSecondUpstreamSubscriptionIsCancelled() {
        let subscription = CustomSubscription(
            behavior: Relay(downstream: AnySubscriber(Recorder<Int, Never>())))
        let first = ProbeSubscription()
        let second = ProbeSubscription()
        subscription.receive(subscription: first)
        subscription.receive(subscription: second)
        XCTAssertEqual(first.cancelCount, 0)
        XCTAssertEqual(second.cancelCount, 1)
    }

    func testCancelReleasesBehaviorAndSubscriber() {
        weak var weakRecorder: Recorder<Int, Never>?
        weak var weakRelay: Relay?
        let probe = ProbeSubscription()
        var subscription: CustomSubscription<Relay>?
        do {
            let recorder = Recorder<Int, Never>()
            let relay = Relay(downstream: AnySubscriber(recorder))
            weakRecorder = recorder
            weakRelay = relay
            subscription = CustomSubscription(behavior: relay)
            subscription?.receive(subscription: probe)
        }
        XCTAssertNotNil(weakRecorder)
        subscription?.cancel()
        XCTAssertNil(weakRelay)
        XCTAssertNil(weakRecorder)
        XCTAssertEqual(probe.cancelCount, 1)
        // Calls after cancel are ignored, not crashes.
        XCTAssertEqual(subscription?.receive(1), Subscribers.Demand.none)
        subscription?.request(.max(1))
        subscription?.cancel()
        XCTAssertEqual(probe.cancelCount, 1)
    }

    func testCompletionReleasesBehaviorAndIgnoresLaterEvents() {
        weak var weakRelay: Relay?
        let recorder = Recorder<Int, Never>()
        var subscription: CustomSubscription<Relay>?
        do {
            let relay = Relay(downstream: AnySubscriber(recorder))
            weakRelay = relay
            subscription = CustomSubscription(behavior: relay)
            subscription?.receive(subscription: ProbeSubscription())
        }
        subscription?.receive(completion: .finished)
        XCTAssertNil(weakRelay)
        _ = subscription?.receive(2)
        subscription?.receive(completion: .finished)
        XCTAssertEqual(recorder.events, [Int]().asEvents(completion: .finished))
    }

    func testCancelFromInsideReceiveStopsDelivery() {
        var subscription: CustomSubscription<Relay>?
        let recorder = Recorder<Int, Never>(onValue: { value in
            if value == 2 { subscription?.cancel() }
            return .none
        })
        let made = CustomSubscription(behavior: Relay(downstream: AnySubscriber(recorder)))
        subscription = made
        made.receive(subscription: ProbeSubscription())
        for value in 1...4 {
            _ = made.receive(value)
        }
        XCTAssertEqual(recorder.values, [1, 2])
    }

    func testRequestFromInsideReceiveIsCountedOnce() {
        var subscription: CustomSubscription<Relay>?
        let recorder = Recorder<Int, Never>(
            demand: .max(1),
            onValue: { _ in
                subscription?.request(.max(1))
                return .none
            })
        let made = CustomSubscription(behavior: Relay(downstream: AnySubscriber(recorder)))
        subscription = made
        let probe = ProbeSubscription()
        made.receive(subscription: probe)
        for value in 1...3 {
            _ = made.receive(value)
        }
        XCTAssertEqual(recorder.values, [1, 2, 3])
        XCTAssertEqual(probe.requests, [.max(1), .max(1), .max(1), .max(1)])
    }

    func testConcurrentDeliveriesNeverOverlapAndAllArrive() {
        let recorder = Recorder<Int, Never>()
        let subscription = CustomSubscription(behavior: Relay(downstream: AnySubscriber(recorder)))
        subscription.receive(subscription: ProbeSubscription())
        let threads = 8
        let perThread = 250
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            for index in 0..<perThread {
                _ = subscription.receive(thread * perThread + index)
            }
        }
        XCTAssertEqual(recorder.overlaps, 0)
        XCTAssertEqual(recorder.values.sorted(), Array(0..<threads * perThread))
    }

    func testConcurrentDemandIsNeverExceeded() {
        let recorder = Recorder<Int, Never>(demand: .max(100))
        let subscription = CustomSubscription(behavior: Relay(downstream: AnySubscriber(recorder)))
        subscription.receive(subscription: ProbeSubscription())
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for index in 0..<100 {
                _ = subscription.receive(thread * 100 + index)
                if index == 50 { recorder.request(.max(10)) }
            }
        }
        XCTAssertEqual(recorder.values.count, 180)
        XCTAssertEqual(Set(recorder.values).count, 180)
    }
}
