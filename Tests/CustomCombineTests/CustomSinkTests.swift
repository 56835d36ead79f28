import CustomCombine
import Foundation
import TestSupport
import XCTest

private final class CountingSubscription: Subscription, @unchecked Sendable {
    let combineIdentifier = CombineIdentifier()
    let requests = Tally<Subscribers.Demand>()
    let cancels = Tally<Void>()
    func request(_ demand: Subscribers.Demand) { requests.append(demand) }
    func cancel() { cancels.append(()) }
}

final class CustomSinkTests: XCTestCase {
    func testReceivesEverythingThenCompletion() {
        var values: [Int] = []
        var completions: [Subscribers.Completion<Never>] = []
        let cancellable = [1, 2, 3].publisher.customSink(
            receiveCompletion: { completions.append($0) },
            receiveValue: { values.append($0) })
        XCTAssertEqual(values, [1, 2, 3])
        XCTAssertEqual(completions, [.finished])
        cancellable.cancel()
    }

    func testRequestsUnlimitedOnceAndCancelsASecondSubscription() {
        let sink = CustomSink<Int, Never>(
            receiveCompletion: { _ in }, receiveValue: { _ in })
        let first = CountingSubscription()
        let second = CountingSubscription()
        sink.receive(subscription: first)
        sink.receive(subscription: second)
        XCTAssertEqual(first.requests.values, [.unlimited])
        XCTAssertEqual(first.cancels.count, 0)
        XCTAssertEqual(second.requests.count, 0)
        XCTAssertEqual(second.cancels.count, 1)

        sink.cancel()
        XCTAssertEqual(first.cancels.count, 1)
        sink.cancel()
        XCTAssertEqual(first.cancels.count, 1, "cancel is idempotent")

        let late = CountingSubscription()
        sink.receive(subscription: late)
        XCTAssertEqual(late.cancels.count, 1)
        XCTAssertEqual(late.requests.count, 0)
    }

    func testFailureIsDelivered() {
        struct Boom: Error, Equatable {}
        let subject = PassthroughSubject<Int, Boom>()
        var events: [String] = []
        let cancellable = subject.customSink(
            receiveCompletion: {
                if case .failure(let error) = $0 { events.append("failure \(error == Boom())") }
            },
            receiveValue: { events.append("\($0)") })
        subject.send(1)
        subject.send(completion: .failure(Boom()))
        subject.send(2)
        XCTAssertEqual(events, ["1", "failure true"])
        cancellable.cancel()
    }

    func testCompletionBeforeSubscribe() {
        let subject = PassthroughSubject<Int, Never>()
        subject.send(completion: .finished)
        var completions = 0
        let cancellable = subject.customSink(
            receiveCompletion: { _ in completions += 1 }, receiveValue: { _ in XCTFail() })
        XCTAssertEqual(completions, 1)
        cancellable.cancel()
    }

    func testCancelStopsValuesAndReleasesClosures() {
        let subject = PassthroughSubject<Int, Never>()
        weak var weakToken: Token?
        var values: [Int] = []
        var cancellable: AnyCancellable?
        do {
            let token = Token()
            weakToken = token
            cancellable = subject.customSink(
                receiveCompletion: { _ in _ = token }, receiveValue: { values.append($0) })
        }
        subject.send(1)
        cancellable?.cancel()
        subject.send(2)
        XCTAssertEqual(values, [1])
        XCTAssertNil(weakToken)
    }

    func testCompletionReleasesClosures() {
        let subject = PassthroughSubject<Int, Never>()
        weak var weakToken: Token?
        var cancellable: AnyCancellable?
        do {
            let token = Token()
            weakToken = token
            cancellable = subject.customSink(
                receiveCompletion: { _ in }, receiveValue: { _ in _ = token })
        }
        subject.send(completion: .finished)
        XCTAssertNil(weakToken)
        cancellable?.cancel()
    }

    func testCancelFromInsideReceiveValue() {
        let subject = PassthroughSubject<Int, Never>()
        var values: [Int] = []
        var cancellable: AnyCancellable?
        cancellable = subject.customSink(
            receiveCompletion: { _ in XCTFail("cancelled, never completed") },
            receiveValue: {
                values.append($0)
                cancellable?.cancel()
            })
        subject.send(1)
        subject.send(2)
        subject.send(completion: .finished)
        XCTAssertEqual(values, [1])
    }

    func testConcurrentSubscribersEachCountEveryValueOnce() {
        let rounds = 200
        let delivered = Tally<Int>()
        DispatchQueue.concurrentPerform(iterations: rounds) { round in
            let cancellable = (0..<10).publisher.map { round * 10 + $0 }.customSink(
                receiveCompletion: { _ in }, receiveValue: { delivered.append($0) })
            cancellable.cancel()
        }
        XCTAssertEqual(delivered.values.sorted(), Array(0..<(rounds * 10)))
    }

    func testConcurrentCancelWhileSending() {
        let subject = PassthroughSubject<Int, Never>()
        let delivered = Tally<Int>()
        let sink = CustomSink<Int, Never>(
            receiveCompletion: { _ in }, receiveValue: { delivered.append($0) })
        subject.subscribe(sink)
        let serial = DispatchQueue(label: "sender")
        let shared = Shared(value: subject)
        DispatchQueue.concurrentPerform(iterations: 100) { index in
            if index == 50 {
                sink.cancel()
            } else {
                serial.sync { shared.value.send(index) }
            }
        }
        let values = delivered.values
        XCTAssertEqual(Set(values).count, values.count, "no value delivered twice")
        XCTAssertLessThan(values.count, 100)
    }
}
