import Dispatch
import TestSupport
import XCTest

@testable import CustomCombine

final class CustomDemandSinkTests: XCTestCase {
    private final class Log<Input>: @unchecked Sendable {
        let events = AtomicBox([Subscribers.Event<Input, Never>]())
        func sink(demand: Int) -> CustomDemandSink<Input, Never> {
            CustomDemandSink(
                demand: demand,
                receiveValue: { value in self.events.mutate { $0.append(.value(value)) } },
                receiveCompletion: { completion in
                    self.events.mutate { $0.append(.complete(completion)) }
                })
        }
    }

    func testOutlineScript() {
        let subject = PassthroughSubject<Int, Never>()
        let log = Log<Int>()
        let sink = log.sink(demand: 2)
        subject.subscribe(sink)
        subject.send(sequence: 1...3, completion: nil)
        sink.increaseDemand(2)
        subject.send(sequence: 4...6, completion: .finished)
        sink.increaseDemand(2)
        XCTAssertEqual(log.events.value, [1, 2, 4, 5].asEvents(completion: .finished))
    }

    func testSynchronousUpstreamsDoNotDeadlock() {
        let just = Log<Int>()
        Just(1).subscribe(just.sink(demand: 1))
        XCTAssertEqual(just.events.value, [1].asEvents(completion: .finished))

        let array = Log<Int>()
        let sink = array.sink(demand: 2)
        [1, 2, 3, 4].publisher.subscribe(sink)
        XCTAssertEqual(array.events.value, [1, 2].asEvents())
        sink.increaseDemand(1)
        XCTAssertEqual(array.events.value, [1, 2, 3].asEvents())
        sink.increaseDemand(5)
        XCTAssertEqual(array.events.value, [1, 2, 3, 4].asEvents(completion: .finished))
    }

    /// Demand saturates at `Int.max` like `Subscribers.Demand` instead of trapping.
    func testDemandPastIntMaxSaturates() {
        let subject = PassthroughSubject<Int, Never>()
        let log = Log<Int>()
        let sink = log.sink(demand: .max)
        subject.subscribe(sink)
        sink.increaseDemand(.max)
        sink.increaseDemand(1)
        subject.send(sequence: 1...3, completion: .finished)
        XCTAssertEqual(log.events.value, [1, 2, 3].asEvents(completion: .finished))
    }

    func testZeroDemandReceivesNothingUntilIncreased() {
        let subject = PassthroughSubject<Int, Never>()
        let log = Log<Int>()
        let sink = log.sink(demand: 0)
        sink.increaseDemand(0)
        subject.subscribe(sink)
        subject.send(1)
        sink.increaseDemand(1)
        subject.send(2)
        subject.send(3)
        XCTAssertEqual(log.events.value, [2].asEvents())
    }

    func testIncreaseBeforeSubscribingCounts() {
        let log = Log<Int>()
        let sink = log.sink(demand: 1)
        sink.increaseDemand(1)
        (1...5).publisher.subscribe(sink)
        XCTAssertEqual(log.events.value, [1, 2].asEvents())
    }

    func testCancelStopsAndResets() {
        var cancels = 0
        let subject = PassthroughSubject<Int, Never>()
        let log = Log<Int>()
        let sink = log.sink(demand: 5)
        subject.handleEvents(receiveCancel: { cancels += 1 }).subscribe(sink)
        subject.send(1)
        sink.cancel()
        XCTAssertEqual(cancels, 1)
        subject.send(2)
        sink.increaseDemand(3)
        subject.send(3)
        XCTAssertEqual(log.events.value, [1].asEvents())
    }

    /// Like `Subscribers.Sink`, a sink that finished or was cancelled takes no second
    /// subscription: it cancels it, and nothing more is delivered.
    func testASecondSubscriptionAfterTheEndIsRefused() {
        for ending in ["cancel", "completion"] {
            let first = PassthroughSubject<Int, Never>()
            let log = Log<Int>()
            let sink = log.sink(demand: 5)
            first.subscribe(sink)
            if ending == "cancel" { sink.cancel() } else { first.send(completion: .finished) }
            var cancels = 0
            let second = PassthroughSubject<Int, Never>()
            second.handleEvents(receiveCancel: { cancels += 1 }).subscribe(sink)
            sink.increaseDemand(1)
            second.send(7)
            XCTAssertEqual(cancels, 1, "after \(ending): the second subscription is cancelled")
            XCTAssertFalse(
                log.events.value.contains(.value(7)), "after \(ending): a value came through")
        }
    }

    func testCompletionReleasesTheSubscriptionAndClosures() {
        final class Token {}
        weak var weakToken: Token?
        let subject = PassthroughSubject<Int, Never>()
        do {
            let token = Token()
            weakToken = token
            let sink = CustomDemandSink<Int, Never>(
                demand: 1, receiveValue: { _ in _ = token }, receiveCompletion: { _ in })
            subject.subscribe(sink)
        }
        XCTAssertNotNil(weakToken)
        subject.send(completion: .finished)
        XCTAssertNil(weakToken)
    }

    func testCancelFromInsideReceiveValue() {
        let subject = PassthroughSubject<Int, Never>()
        var received: [Int] = []
        var sink: CustomDemandSink<Int, Never>?
        sink = CustomDemandSink(
            demand: 10,
            receiveValue: { value in
                received.append(value)
                if value == 2 { sink?.cancel() }
            },
            receiveCompletion: { _ in })
        subject.subscribe(sink!)
        subject.send(sequence: 1...4, completion: nil)
        XCTAssertEqual(received, [1, 2])
        sink = nil
    }

    func testConcurrentSendsAndIncreasesNeverExceedTheAllowance() {
        let subject = CustomSubject<Int, Never>()
        let log = Log<Int>()
        let sink = log.sink(demand: 10)
        subject.subscribe(sink)
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            for round in 0..<100 {
                subject.send(worker * 100 + round)
                if round == 10 { sink.increaseDemand(5) }
            }
        }
        let values = log.events.value.compactMap { event -> Int? in
            if case .value(let value) = event { return value }
            return nil
        }
        XCTAssertEqual(values.count, 50)
        XCTAssertEqual(Set(values).count, 50)
    }
}
