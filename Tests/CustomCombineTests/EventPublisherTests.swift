import CustomCombine
import Foundation
import TestSupport
import XCTest

final class EventPublisherTests: XCTestCase {
    func testValuesArriveOnEachEventAndOutputIsTheConcreteControl() {
        let slider = Slider()
        var received: [Float] = []
        let cancellable = slider.publisher(for: .valueChanged).sink { (control: Slider) in
            received.append(control.value)
        }

        slider.value = 1
        slider.value = 2
        slider.sendActions(for: .touchDown)  // not subscribed to
        slider.value = 3

        XCTAssertEqual(received, [1, 2, 3])
        cancellable.cancel()
    }

    func testCustomSinkOnASliderAndCancelRemovesTheTarget() {
        let slider = Slider()
        var received: [Float] = []
        let cancellable = slider.publisher(for: .valueChanged).customSink(
            receiveCompletion: { _ in XCTFail("a control never completes") },
            receiveValue: { received.append($0.value) })
        XCTAssertEqual(slider.targetCount(for: .valueChanged), 1)
        slider.value = 0.5
        slider.value = 1
        cancellable.cancel()
        slider.value = 0
        XCTAssertEqual(received, [0.5, 1])
        XCTAssertEqual(slider.targetCount(), 0)
    }

    func testDemandOfTwoGetsOnlyTwo() {
        let slider = Slider()
        var received: [Float] = []
        let subscriber = AnySubscriber<Slider, Never>(
            receiveSubscription: { $0.request(.max(2)) },
            receiveValue: {
                received.append($0.value)
                return .none
            },
            receiveCompletion: { _ in XCTFail("a control never completes") })
        slider.publisher(for: .valueChanged).subscribe(subscriber)

        for value in 1...5 { slider.value = Float(value) }

        XCTAssertEqual(received, [1, 2])
    }

    func testDemandRaisedLaterAndDemandReturnedFromReceiveAreAdded() {
        let slider = Slider()
        var received: [Float] = []
        var subscription: Subscription?
        let subscriber = AnySubscriber<Slider, Never>(
            receiveSubscription: {
                subscription = $0
                $0.request(.max(1))
            },
            receiveValue: {
                received.append($0.value)
                return $0.value == 1 ? .max(1) : .none
            },
            receiveCompletion: { _ in })
        slider.publisher(for: .valueChanged).subscribe(subscriber)

        for value in 1...4 { slider.value = Float(value) }
        XCTAssertEqual(received, [1, 2])  // 1 requested, 1 more returned for the first value

        subscription?.request(.max(2))
        for value in 5...9 { slider.value = Float(value) }
        XCTAssertEqual(received, [1, 2, 5, 6])
        subscription?.cancel()
    }

    /// A subscription nobody cancelled keeps itself alive (the control holds its target
    /// weakly, the registration holds the target): it must not keep the control alive too,
    /// or a control whose screen is gone would live on behind every uncancelled subscription.
    func testAnUncancelledSubscriptionDoesNotKeepTheControlAlive() {
        weak var weakSlider: Slider?
        var received = 0
        do {
            let slider = Slider()
            weakSlider = slider
            slider.publisher(for: .valueChanged).subscribe(
                AnySubscriber<Slider, Never>(
                    receiveSubscription: { $0.request(.unlimited) },
                    receiveValue: { _ in
                        received += 1
                        return .none
                    },
                    receiveCompletion: nil))
            slider.value = 1
        }
        XCTAssertEqual(received, 1)
        XCTAssertNil(weakSlider, "the subscription kept the control alive")
    }

    func testCancelLeavesNoTargetsAndStopsValues() {
        let slider = Slider()
        var count = 0
        let first = slider.publisher(for: .valueChanged).sink { _ in count += 1 }
        let second = slider.publisher(for: [.valueChanged, .touchUpInside]).sink { _ in count += 1 }
        XCTAssertEqual(slider.targetCount(), 2)

        first.cancel()
        second.cancel()
        slider.value = 1

        XCTAssertEqual(slider.targetCount(), 0)
        XCTAssertEqual(count, 0)
    }

    func testCancelReleasesTheSubscriberAndItsClosure() {
        let slider = Slider()
        weak var weakToken: Token?
        var cancellable: AnyCancellable?
        do {
            let token = Token()
            weakToken = token
            cancellable = slider.publisher(for: .valueChanged).sink { _ in _ = token }
        }
        XCTAssertNotNil(weakToken)
        cancellable?.cancel()
        XCTAssertNil(weakToken)
        cancellable = nil
    }

    func testCancelFromInsideReceive() {
        let slider = Slider()
        var received: [Float] = []
        var cancellable: AnyCancellable?
        cancellable = slider.publisher(for: .valueChanged).sink { control in
            received.append(control.value)
            cancellable?.cancel()
        }
        slider.value = 1
        slider.value = 2
        XCTAssertEqual(received, [1])
        XCTAssertEqual(slider.targetCount(), 0)
    }

    /// An event sent from inside the subscriber's own callback is delivered at once, nested
    /// in the delivery that sent it, as a subject's re-entrant send is (and as UIKit calls a
    /// target from inside another action): the delivery lock is recursive.
    func testSendingFromInsideReceiveDeliversAtOnceLikeASubject() {
        let slider = Slider()
        var depth = 0
        var maxDepth = 0
        var received: [Float] = []
        let cancellable = slider.publisher(for: .valueChanged).sink { control in
            depth += 1
            maxDepth = max(maxDepth, depth)
            received.append(control.value)
            if control.value < 100 { control.value += 1 }  // a re-entrant event
            depth -= 1
        }
        slider.value = 1
        XCTAssertEqual(received, (1...100).map(Float.init))
        XCTAssertEqual(maxDepth, 100)
        cancellable.cancel()
    }

    func testConcurrentEventsSubscribersAndCancels() {
        let control = SharedControl()
        let delivered = Tally<Int>()
        let rounds = 200
        DispatchQueue.concurrentPerform(iterations: rounds) { round in
            let inFlight = Tally<Int>()
            var subscription: Subscription?
            let subscriber = AnySubscriber<SharedControl, Never>(
                receiveSubscription: {
                    subscription = $0
                    $0.request(.max(3))
                },
                receiveValue: { _ in
                    inFlight.append(round)
                    delivered.append(round)
                    return .none
                },
                receiveCompletion: { _ in })
            control.publisher(for: .touchUpInside).subscribe(subscriber)
            for _ in 0..<5 { control.sendActions(for: .touchUpInside) }
            // Its own five events use up its demand of 3; a delivery may still be running on
            // another thread that sent an event, so wait for it (bounded) before cancelling.
            let deadline = Date().addingTimeInterval(10)
            while inFlight.count < 3, Date() < deadline { usleep(100) }
            XCTAssertEqual(inFlight.count, 3)
            subscription?.cancel()
        }
        XCTAssertEqual(delivered.count, rounds * 3)
        for round in 0..<rounds {
            XCTAssertEqual(delivered.values.filter { $0 == round }.count, 3)
        }
        XCTAssertEqual(control.targetCount(), 0)
    }
}
