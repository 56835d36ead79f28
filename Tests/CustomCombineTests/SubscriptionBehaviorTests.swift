import CustomCombine
import PublisherConformance
import TestSupport
import XCTest

final class SubscriptionBehaviorTests: XCTestCase {
    private func makeRelay(
        _ recorder: Recorder<Int, Never>
    ) -> (Relay, CustomSubscription<Relay>, ProbeSubscription) {
        let relay = Relay(downstream: AnySubscriber(recorder))
        let subscription = CustomSubscription(behavior: relay)
        let probe = ProbeSubscription()
        subscription.receive(subscription: probe)
        return (relay, subscription, probe)
    }

    func testRequestAccumulatesAndForwardsOnlyTheNewDemand() {
        let recorder = Recorder<Int, Never>(demand: .max(2))
        let (relay, _, probe) = makeRelay(recorder)
        recorder.request(.max(3))
        XCTAssertEqual(relay.demand, .max(5))
        XCTAssertEqual(probe.requests, [.max(2), .max(3)])
    }

    func testReceiveDeliversOnlyWhileThereIsDemand() {
        let recorder = Recorder<Int, Never>(demand: .max(2))
        let (relay, subscription, _) = makeRelay(recorder)
        XCTAssertEqual(subscription.receive(1), .none)
        XCTAssertEqual(subscription.receive(2), .none)
        XCTAssertEqual(subscription.receive(3), .none)
        XCTAssertEqual(recorder.values, [1, 2])
        XCTAssertEqual(relay.demand, .none)
    }

    func testNoDemandDeliversNothing() {
        let recorder = Recorder<Int, Never>(demand: .none)
        let (_, subscription, _) = makeRelay(recorder)
        _ = subscription.receive(1)
        XCTAssertEqual(recorder.values, [])
    }

    func testReturnedDemandIsAddedToWhatIsLeftAndPassedUp() {
        // Each value asks for one more: demand 1 never runs out; upstream is told +1 each time.
        let recorder = Recorder<Int, Never>(demand: .max(1), onValue: { _ in .max(1) })
        let (relay, subscription, _) = makeRelay(recorder)
        for value in 1...5 {
            XCTAssertEqual(subscription.receive(value), .max(1))
        }
        XCTAssertEqual(recorder.values, [1, 2, 3, 4, 5])
        XCTAssertEqual(relay.demand, .max(1))
    }

    func testUnlimitedSaturates() {
        let recorder = Recorder<Int, Never>(demand: .unlimited, onValue: { _ in .max(1) })
        let (relay, subscription, _) = makeRelay(recorder)
        recorder.request(.max(5))
        for value in 1...3 {
            _ = subscription.receive(value)
        }
        XCTAssertEqual(relay.demand, .unlimited)
        XCTAssertEqual(recorder.values, [1, 2, 3])
    }

    func testDemandRaisedLaterLetsMoreThrough() {
        let recorder = Recorder<Int, Never>(demand: .max(1))
        let (_, subscription, _) = makeRelay(recorder)
        _ = subscription.receive(1)
        _ = subscription.receive(2)
        recorder.request(.max(1))
        _ = subscription.receive(3)
        _ = subscription.receive(4)
        XCTAssertEqual(recorder.values, [1, 3])
    }

    func testCancelForwardsUpstream() {
        let recorder = Recorder<Int, Never>()
        let (_, _, probe) = makeRelay(recorder)
        recorder.cancel()
        XCTAssertEqual(probe.cancelCount, 1)
    }

    func testCompletionIsForwarded() {
        let recorder = Recorder<Int, Never>()
        let (_, subscription, _) = makeRelay(recorder)
        _ = subscription.receive(1)
        subscription.receive(completion: .finished)
        XCTAssertEqual(recorder.events, [1].asEvents(completion: .finished))
    }

    func testReentrantSendDoesNotOverspendDemand() {
        // Demand 1; the first delivery re-enters with a second value, which must be dropped.
        var subscription: CustomSubscription<Relay>?
        let recorder = Recorder<Int, Never>(
            demand: .max(1),
            onValue: { value in
                if value == 1 { _ = subscription?.receive(2) }
                return .none
            }
        )
        let made = makeRelay(recorder)
        subscription = made.1
        _ = made.1.receive(1)
        XCTAssertEqual(recorder.values, [1])
        XCTAssertEqual(made.0.demand, .none)
    }
}
