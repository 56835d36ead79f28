import CustomCombine
import Dispatch
import TestSupport
import XCTest

final class CustomScanTests: XCTestCase {
    private enum TestError: Error, Equatable { case broken }

    func testFoldsValues() {
        let subject = CustomSubject<Int, Never>()
        let recorder = Recorder<Int, Never>()
        CustomScan(upstream: subject, initialResult: 10, nextPartialResult: +).subscribe(recorder)
        subject.send(sequence: 1...3, completion: .finished)
        XCTAssertEqual(recorder.events, [11, 13, 16].asEvents(completion: .finished))
    }

    func testDeferredExperimentBuildsOneChainPerSubscriber() {
        var subjects = [CustomSubject<Int, Never>]()
        let deferred = Deferred { () -> CustomSubject<Int, Never> in
            let subject = CustomSubject<Int, Never>()
            subjects.append(subject)
            return subject
        }
        let scan = CustomScan(upstream: deferred, initialResult: 10, nextPartialResult: +)
        var receivedC = [Subscribers.Event<Int, Never>]()
        var receivedD = [Subscribers.Event<Int, Never>]()
        let sinkC = Subscribers.Sink<Int, Never>(
            receiveCompletion: { receivedC.append(.complete($0)) },
            receiveValue: { receivedC.append(.value($0)) })
        let sinkD = Subscribers.Sink<Int, Never>(
            receiveCompletion: { receivedD.append(.complete($0)) },
            receiveValue: { receivedD.append(.value($0)) })
        scan.subscribe(sinkC)
        subjects[0].send(sequence: 1...2, completion: nil)
        scan.subscribe(sinkD)
        subjects[0].send(sequence: 3...4, completion: .finished)
        subjects[1].send(sequence: 1...4, completion: .finished)
        XCTAssertEqual(receivedC, [11, 13, 16, 20].asEvents(completion: .finished))
        XCTAssertEqual(receivedD, [11, 13, 16, 20].asEvents(completion: .finished))
    }

    func testSynchronousUpstreams() {
        let just = Recorder<Int, Never>()
        CustomScan(upstream: Just(1), initialResult: 0, nextPartialResult: +).subscribe(just)
        XCTAssertEqual(just.events, [1].asEvents(completion: .finished))

        let array = Recorder<String, Never>()
        CustomScan(upstream: ["a", "b", "c"].publisher, initialResult: "", nextPartialResult: +)
            .subscribe(array)
        XCTAssertEqual(array.events, ["a", "ab", "abc"].asEvents(completion: .finished))
    }

    func testDemandLimitsAndLaterRaise() {
        let recorder = Recorder<Int, Never>(demand: .max(2))
        CustomScan(upstream: (1...5).publisher, initialResult: 0, nextPartialResult: +)
            .subscribe(recorder)
        XCTAssertEqual(recorder.events, [1, 3].asEvents())
        recorder.request(.max(1))
        XCTAssertEqual(recorder.events, [1, 3, 6].asEvents())
        recorder.request(.unlimited)
        XCTAssertEqual(recorder.events, [1, 3, 6, 10, 15].asEvents(completion: .finished))
    }

    func testReturnedDemandReachesUpstream() {
        let recorder = Recorder<Int, Never>(demand: .max(1), onValue: { $0 < 6 ? .max(1) : .none })
        CustomScan(upstream: (1...5).publisher, initialResult: 0, nextPartialResult: +)
            .subscribe(recorder)
        XCTAssertEqual(recorder.events, [1, 3, 6].asEvents())
    }

    func testFailurePassesThrough() {
        let subject = PassthroughSubject<Int, TestError>()
        let recorder = Recorder<Int, TestError>()
        CustomScan(upstream: subject, initialResult: 0, nextPartialResult: +).subscribe(recorder)
        subject.send(2)
        subject.send(completion: .failure(.broken))
        XCTAssertEqual(
            recorder.events, [2].asEvents(failure: TestError.self, completion: .failure(.broken)))
    }

    func testCompletionBeforeSubscribe() {
        let subject = CustomSubject<Int, Never>()
        subject.send(completion: .finished)
        let recorder = Recorder<Int, Never>()
        CustomScan(upstream: subject, initialResult: 0, nextPartialResult: +).subscribe(recorder)
        XCTAssertEqual(recorder.subscriptionCount, 1)
        XCTAssertEqual(recorder.events, [Int]().asEvents(completion: .finished))
    }

    func testCancelStopsValuesCancelsUpstreamAndReleases() {
        final class Token {}
        weak var weakToken: Token?
        var cancelled = 0
        let subject = PassthroughSubject<Int, Never>()
        var received: [Int] = []
        var cancellable: AnyCancellable?
        do {
            let token = Token()
            weakToken = token
            cancellable = CustomScan(
                upstream: subject.handleEvents(receiveCancel: { cancelled += 1 }),
                initialResult: 0, nextPartialResult: +
            )
            .sink(receiveValue: {
                _ = token
                received.append($0)
            })
        }
        subject.send(1)
        cancellable?.cancel()
        subject.send(2)
        XCTAssertEqual(received, [1])
        XCTAssertEqual(cancelled, 1)
        XCTAssertNil(weakToken)
    }

    func testCancelFromInsideTheSink() {
        let subject = CustomSubject<Int, Never>()
        var received: [Int] = []
        var cancellable: AnyCancellable?
        cancellable = CustomScan(upstream: subject, initialResult: 0, nextPartialResult: +)
            .sink(receiveValue: { value in
                received.append(value)
                cancellable?.cancel()
            })
        subject.send(sequence: 1...3, completion: nil)
        XCTAssertEqual(received, [1])
    }

    func testConcurrentSendersFoldEveryValueOnce() {
        let subject = CustomSubject<Int, Never>()
        let recorder = Recorder<Int, Never>()
        CustomScan(upstream: subject, initialResult: 0, nextPartialResult: +).subscribe(recorder)
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<200 {
                subject.send(1)
            }
        }
        XCTAssertEqual(recorder.overlaps, 0)
        // Every partial result 1...1600 appears exactly once, in order.
        XCTAssertEqual(recorder.values, Array(1...1600))
    }
}
