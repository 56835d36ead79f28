import CustomCombine
import Dispatch
import Foundation
import TestSupport
import XCTest

final class DispatchTimerTests: XCTestCase {
    private let interval = DispatchTimeInterval.milliseconds(10)

    func testSixTimesEmitsSixValuesThenFinishes() {
        let finished = expectation(description: "finished")
        let values = Tally<DispatchTime>()
        let cancellable = Publishers.timer(interval: interval, times: .max(6)).sink(
            receiveCompletion: { _ in finished.fulfill() }, receiveValue: { values.append($0) })
        wait(for: [finished], timeout: 10)
        XCTAssertEqual(values.count, 6)
        XCTAssertEqual(values.values, values.values.sorted(), "ticks come in time order")
        cancellable.cancel()
    }

    func testCancelAfterThreeValuesStopsValuesAndCompletion() {
        let third = expectation(description: "third value")
        let nothingMore = expectation(description: "no fourth value, no completion")
        nothingMore.isInverted = true
        let recorder = Recorder<DispatchTime, Never>()
        recorder.onValue = { _ in
            let count = recorder.values.count
            if count == 3 {
                recorder.subscription?.cancel()
                third.fulfill()
            } else if count > 3 {
                nothingMore.fulfill()
            }
            return .none
        }
        recorder.onCompletion = { nothingMore.fulfill() }
        Publishers.timer(interval: interval).subscribe(recorder)
        wait(for: [third], timeout: 10)
        wait(for: [nothingMore], timeout: 0.2)  // twenty intervals
        XCTAssertEqual(recorder.values.count, 3)
        XCTAssertEqual(recorder.completions.count, 0)
        recorder.onValue = nil
        recorder.onCompletion = nil
    }

    func testDemandLimitsTicksAndRaisingItResumes() {
        let two = expectation(description: "two ticks")
        let noMore = expectation(description: "no third tick without demand")
        noMore.isInverted = true
        let four = expectation(description: "four ticks")
        let recorder = Recorder<DispatchTime, Never>(demand: .max(2))
        recorder.onValue = { _ in
            switch recorder.values.count {
            case 2: two.fulfill()
            case 3: noMore.fulfill()
            case 4: four.fulfill()
            default: break
            }
            return .none
        }
        Publishers.timer(interval: interval).subscribe(recorder)
        wait(for: [two], timeout: 10)
        wait(for: [noMore], timeout: 0.2)
        XCTAssertEqual(recorder.values.count, 2)
        recorder.subscription?.request(.max(2))
        wait(for: [four], timeout: 10)
        recorder.subscription?.cancel()
        XCTAssertEqual(recorder.completions.count, 0)
        recorder.onValue = nil
    }

    func testDemandReturnedFromReceiveIsAdded() {
        let three = expectation(description: "three ticks")
        let noMore = expectation(description: "no fourth tick")
        noMore.isInverted = true
        let recorder = Recorder<DispatchTime, Never>(demand: .max(1))
        recorder.onValue = { _ in
            let count = recorder.values.count
            if count == 3 { three.fulfill() }
            if count > 3 { noMore.fulfill() }
            return count < 3 ? .max(1) : .none
        }
        Publishers.timer(interval: interval).subscribe(recorder)
        wait(for: [three], timeout: 10)
        wait(for: [noMore], timeout: 0.2)
        XCTAssertEqual(recorder.values.count, 3)
        recorder.subscription?.cancel()
        recorder.onValue = nil
    }

    func testRequestFromInsideReceiveStillFinishesAfterTimes() {
        let finished = expectation(description: "finished")
        let recorder = Recorder<DispatchTime, Never>(demand: .max(1))
        recorder.onValue = { _ in
            recorder.subscription?.request(.max(1))
            return .none
        }
        recorder.onCompletion = { finished.fulfill() }
        Publishers.timer(interval: interval, times: .max(3)).subscribe(recorder)
        wait(for: [finished], timeout: 10)
        XCTAssertEqual(recorder.values.count, 3)
        XCTAssertEqual(recorder.completions, [.finished])
        recorder.onValue = nil
        recorder.onCompletion = nil
    }

    func testNoTimesLeftFinishesWithoutDemand() {
        let recorder = Recorder<DispatchTime, Never>(demand: .none)
        Publishers.timer(interval: interval, times: .none).subscribe(recorder)
        XCTAssertEqual(recorder.completions, [.finished], "a completion needs no demand")
        recorder.firstSubscription?.request(.max(1))
        XCTAssertEqual(recorder.completions, [.finished], "finished only once")
        XCTAssertEqual(recorder.values.count, 0)
    }

    func testNoTimesLeftFinishesOnceWhenRequestedDuringSubscription() {
        let recorder = Recorder<DispatchTime, Never>(demand: .max(1))
        Publishers.timer(interval: interval, times: .none).subscribe(recorder)
        XCTAssertEqual(recorder.completions, [.finished])
        XCTAssertEqual(recorder.values.count, 0)
    }

    func testTicksArriveOnTheGivenQueue() {
        let key = DispatchSpecificKey<String>()
        let queue = DispatchQueue(label: "timer-test")
        queue.setSpecific(key: key, value: "timer-test")
        let finished = expectation(description: "finished")
        let labels = Tally<String?>()
        let cancellable = Publishers.timer(queue: queue, interval: interval, times: .max(2)).sink(
            receiveCompletion: { _ in finished.fulfill() },
            receiveValue: { _ in labels.append(DispatchQueue.getSpecific(key: key)) })
        wait(for: [finished], timeout: 10)
        XCTAssertEqual(labels.values, ["timer-test", "timer-test"])
        cancellable.cancel()
    }

    func testCompletionAndCancelReleaseTheSubscriber() {
        weak var finishedToken: Token?
        weak var cancelledToken: Token?
        let finished = expectation(description: "finished")
        var cancellables: [AnyCancellable] = []
        do {
            let token = Token()
            finishedToken = token
            cancellables.append(
                Publishers.timer(interval: interval, times: .max(1)).sink(
                    receiveCompletion: { _ in finished.fulfill() }, receiveValue: { _ in _ = token }
                ))
            let other = Token()
            cancelledToken = other
            cancellables.append(Publishers.timer(interval: interval).sink { _ in _ = other })
        }
        wait(for: [finished], timeout: 10)
        cancellables[1].cancel()
        // A tick running on the timer's queue may still hold the subscriber for a moment:
        // poll, bounded, for the release instead of assuming how long that takes.
        let deadline = Date().addingTimeInterval(10)
        while finishedToken != nil || cancelledToken != nil, Date() < deadline { usleep(1000) }
        XCTAssertNil(finishedToken)
        XCTAssertNil(cancelledToken)
        cancellables.removeAll()
    }

    func testManySubscribersAndCancelsAtOnce() {
        let publisher = Publishers.timer(interval: .milliseconds(5), times: .max(3))
        let kept = Tally<Recorder<DispatchTime, Never>>()
        let cancelled = Tally<(recorder: Recorder<DispatchTime, Never>, ticksAtCancel: Int)>()
        let group = DispatchGroup()
        DispatchQueue.concurrentPerform(iterations: 40) { index in
            let recorder = Recorder<DispatchTime, Never>()
            if index % 2 == 0 {
                group.enter()
                recorder.onCompletion = { group.leave() }
                publisher.subscribe(recorder)
                kept.append(recorder)
            } else {
                publisher.subscribe(recorder)
                recorder.subscription?.cancel()
                cancelled.append((recorder, recorder.values.count))
            }
        }
        XCTAssertEqual(group.wait(timeout: .now() + 20), .success)
        for recorder in kept.values {
            XCTAssertEqual(recorder.values.count, 3)
            XCTAssertEqual(recorder.completions, [.finished])
            recorder.onCompletion = nil
        }
        // By now every kept timer ticked three times and finished, so a cancelled timer
        // that kept running would have ticked again. One tick already on its way when
        // `cancel()` returned may still land; no more than that.
        for (recorder, ticksAtCancel) in cancelled.values {
            XCTAssertEqual(recorder.completions.count, 0)
            XCTAssertLessThanOrEqual(recorder.values.count, ticksAtCancel + 1)
        }
    }
}
