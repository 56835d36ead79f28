import Dispatch
import Foundation
import PublisherConformance
import TestSupport
import XCTest

@testable import CustomCombine

final class CustomSubjectTests: XCTestCase {
    private enum TestError: Error, Equatable { case broken }

    func testSubjectToSink() {
        let subject = CustomSubject<Int, Never>()
        var received = [Subscribers.Event<Int, Never>]()
        let sink = Subscribers.Sink<Int, Never>(
            receiveCompletion: { received.append(.complete($0)) },
            receiveValue: { received.append(.value($0)) })
        subject.subscribe(sink)
        subject.send(sequence: 1...3, completion: .finished)
        XCTAssertEqual(received, [1, 2, 3].asEvents(completion: .finished))
    }

    func testFailureReachesSubscribers() {
        let subject = CustomSubject<Int, TestError>()
        let recorder = Recorder<Int, TestError>()
        subject.subscribe(recorder)
        subject.send(1)
        subject.send(completion: .failure(.broken))
        XCTAssertEqual(
            recorder.events, [1].asEvents(failure: TestError.self, completion: .failure(.broken)))
    }

    func testSubscribersReceiveInSubscriptionOrder() {
        let subject = CustomSubject<Int, Never>()
        var order: [Int] = []
        var cancellables: [AnyCancellable] = []
        for index in 0..<50 {
            cancellables.append(subject.sink(receiveValue: { _ in order.append(index) }))
        }
        cancellables[10].cancel()
        cancellables.append(subject.sink(receiveValue: { _ in order.append(50) }))
        subject.send(0)
        XCTAssertEqual(order, Array(0..<10) + Array(11...50))
    }

    func testDemandLimitsAndLaterRaise() {
        let subject = CustomSubject<Int, Never>()
        let recorder = Recorder<Int, Never>(demand: .max(2))
        subject.subscribe(recorder)
        subject.send(sequence: 1...4, completion: nil)
        XCTAssertEqual(recorder.values, [1, 2])
        recorder.request(.max(1))
        subject.send(sequence: 5...6, completion: .finished)
        XCTAssertEqual(recorder.events, [1, 2, 5].asEvents(completion: .finished))
    }

    func testLateSubscriberGetsSubscriptionThenCompletion() {
        let subject = CustomSubject<Int, Never>()
        subject.send(completion: .finished)
        subject.send(1)
        let recorder = Recorder<Int, Never>()
        subject.subscribe(recorder)
        XCTAssertEqual(recorder.subscriptionCount, 1)
        XCTAssertEqual(recorder.events, [Int]().asEvents(completion: .finished))
        XCTAssertEqual(subject.subscriberCount, 0)
    }

    func testSendsAfterCompletionAreIgnored() {
        let subject = CustomSubject<Int, Never>()
        let recorder = Recorder<Int, Never>()
        subject.subscribe(recorder)
        subject.send(completion: .finished)
        subject.send(2)
        subject.send(completion: .finished)
        XCTAssertEqual(recorder.events, [Int]().asEvents(completion: .finished))
    }

    func testCancelRemovesTheSubscriber() {
        let subject = CustomSubject<Int, Never>()
        let recorder = Recorder<Int, Never>()
        subject.subscribe(recorder)
        subject.send(1)
        XCTAssertEqual(subject.subscriberCount, 1)
        recorder.cancel()
        XCTAssertEqual(subject.subscriberCount, 0)
        subject.send(2)
        XCTAssertEqual(recorder.values, [1])
    }

    func testCompletionForgetsAllSubscribers() {
        let subject = CustomSubject<Int, Never>()
        let first = Recorder<Int, Never>()
        let second = Recorder<Int, Never>()
        subject.subscribe(first)
        subject.subscribe(second)
        XCTAssertEqual(subject.subscriberCount, 2)
        subject.send(completion: .finished)
        XCTAssertEqual(subject.subscriberCount, 0)
        XCTAssertEqual(second.events, [Int]().asEvents(completion: .finished))
    }

    func testCancelReleasesSubscriberAndClosures() {
        final class Token {}
        let subject = CustomSubject<Int, Never>()
        weak var weakToken: Token?
        var cancellable: AnyCancellable?
        do {
            let token = Token()
            weakToken = token
            cancellable = subject.sink(receiveValue: { _ in _ = token })
        }
        XCTAssertNotNil(weakToken)
        cancellable?.cancel()
        XCTAssertNil(weakToken)
    }

    func testCompletionReleasesSubscriberAndSubject() {
        weak var weakSubject: CustomSubject<Int, Never>?
        weak var weakRecorder: Recorder<Int, Never>?
        do {
            let subject = CustomSubject<Int, Never>()
            let recorder = Recorder<Int, Never>()
            subject.subscribe(recorder)
            weakSubject = subject
            weakRecorder = recorder
        }
        // The subscription keeps both alive, like PassthroughSubject does.
        XCTAssertNotNil(weakSubject)
        XCTAssertNotNil(weakRecorder)
        weakSubject?.send(1)
        XCTAssertEqual(weakRecorder?.values, [1])
        weakSubject?.send(completion: .finished)
        XCTAssertNil(weakSubject)
        XCTAssertNil(weakRecorder)
    }

    func testCancelFromInsideASink() {
        let subject = CustomSubject<Int, Never>()
        var received: [Int] = []
        var cancellable: AnyCancellable?
        cancellable = subject.sink(receiveValue: { value in
            received.append(value)
            if value == 2 { cancellable?.cancel() }
        })
        subject.send(sequence: 1...4, completion: .finished)
        XCTAssertEqual(received, [1, 2])
        XCTAssertEqual(subject.subscriberCount, 0)
    }

    func testSendFromInsideASink() {
        let subject = CustomSubject<Int, Never>()
        let recorder = Recorder<Int, Never>(onValue: { value in
            if value == 1 { subject.send(10) }
            return .none
        })
        let other = Recorder<Int, Never>()
        subject.subscribe(recorder)
        subject.subscribe(other)
        subject.send(1)
        subject.send(2)
        XCTAssertEqual(recorder.values, [1, 10, 2])
        XCTAssertEqual(other.values, [10, 1, 2])
    }

    func testCompleteAndSubscribeFromInsideASink() {
        let subject = CustomSubject<Int, Never>()
        let late = Recorder<Int, Never>()
        let recorder = Recorder<Int, Never>(onValue: { _ in
            subject.send(completion: .finished)
            subject.subscribe(late)
            return .none
        })
        subject.subscribe(recorder)
        subject.send(1)
        XCTAssertEqual(recorder.events, [1].asEvents(completion: .finished))
        XCTAssertEqual(late.events, [Int]().asEvents(completion: .finished))
    }

    func testConcurrentSendSubscribeAndCancel() {
        let subject = CustomSubject<Int, Never>()
        let stable = (0..<3).map { _ in Recorder<Int, Never>() }
        stable.forEach { subject.subscribe($0) }
        let senders = 4
        let rounds = 300
        let problems = AtomicBox(0)
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            if worker < senders {
                for round in 0..<rounds {
                    subject.send(worker * rounds + round)
                }
            } else {
                for _ in 0..<rounds / 3 {
                    let transient = Recorder<Int, Never>()
                    subject.subscribe(transient)
                    transient.cancel()
                    let values = transient.values
                    if Set(values).count != values.count || transient.overlaps != 0 {
                        problems.mutate { $0 += 1 }
                    }
                }
            }
        }
        XCTAssertEqual(problems.value, 0)
        XCTAssertEqual(subject.subscriberCount, stable.count)
        for recorder in stable {
            XCTAssertEqual(recorder.overlaps, 0)
            XCTAssertEqual(recorder.values.sorted(), Array(0..<senders * rounds))
            // Values from one sender arrive in the order it sent them.
            for sender in 0..<senders {
                let fromSender = recorder.values.filter { $0 / rounds == sender }
                XCTAssertEqual(fromSender, fromSender.sorted())
            }
        }
    }

    func testConcurrentCompletionAndSubscribeDeliverCompletionOnceAfterSubscription() {
        for _ in 0..<20 {
            let subject = CustomSubject<Int, Never>()
            let recorders = (0..<16).map { _ in Recorder<Int, Never>() }
            DispatchQueue.concurrentPerform(iterations: recorders.count + 1) { index in
                if index == recorders.count {
                    subject.send(completion: .finished)
                } else {
                    subject.subscribe(recorders[index])
                }
            }
            for recorder in recorders {
                XCTAssertEqual(recorder.subscriptionCount, 1)
                XCTAssertEqual(recorder.events, [Int]().asEvents(completion: .finished))
            }
        }
    }

    // As a subscriber: the port of OpenCombine's PassthroughSubjectTests.testSendSubscription.
    func testUpstreamsAreAskedOnlyOnceASubscriberAsks() {
        let subject = CustomSubject<Int, Never>()
        let first = ProbeSubscription()
        subject.send(subscription: first)
        XCTAssertEqual(first.requests, [], "nobody has asked the subject for anything yet")

        let recorder = Recorder<Int, Never>(demand: .max(1))
        subject.subscribe(recorder)
        XCTAssertEqual(first.requests, [.unlimited])

        let second = ProbeSubscription()
        subject.send(subscription: second)
        XCTAssertEqual(second.requests, [.unlimited], "a later upstream is asked at once")

        recorder.request(.max(2))
        recorder.cancel()
        XCTAssertEqual(first.requests, [.unlimited], "asked once, however often subscribers ask")
        XCTAssertEqual(second.requests, [.unlimited])
    }

    func testASubscriberWithoutDemandAsksNoUpstream() {
        let subject = CustomSubject<Int, Never>()
        let upstream = ProbeSubscription()
        subject.send(subscription: upstream)
        let recorder = Recorder<Int, Never>(demand: .none)
        subject.subscribe(recorder)
        XCTAssertEqual(upstream.requests, [])
        recorder.request(.max(1))
        XCTAssertEqual(upstream.requests, [.unlimited])
        recorder.cancel()
    }

    // OpenCombine's PassthroughSubject hands a late subscriber Subscriptions.empty.
    func testALateSubscriberAsksNoUpstream() {
        let subject = CustomSubject<Int, Never>()
        let upstream = ProbeSubscription()
        subject.send(subscription: upstream)
        subject.send(completion: .finished)
        let recorder = Recorder<Int, Never>()
        subject.subscribe(recorder)
        XCTAssertEqual(recorder.events, [Int]().asEvents(completion: .finished))
        XCTAssertEqual(upstream.requests, [], "the stream is over: nothing to ask for")
    }

    func testAnUpstreamThatWaitsForDemandKeepsItsValuesUntilSomeoneListens() {
        let subject = CustomSubject<Int, Never>()
        let link = [1, 2, 3].publisher.subscribe(subject)
        let recorder = Recorder<Int, Never>()
        subject.subscribe(recorder)
        XCTAssertEqual(recorder.events, [1, 2, 3].asEvents(completion: .finished))
        link.cancel()
    }

    // The port of OpenCombine's PassthroughSubjectTests.testCancelsUpstreamSubscriptionsOnDeinit.
    func testAReleasedSubjectCancelsItsUpstreams() {
        let upstreams = (0..<5).map { _ in ProbeSubscription() }
        do {
            let subject = CustomSubject<Int, Never>()
            upstreams.forEach(subject.send(subscription:))
            XCTAssertEqual(upstreams.map(\.cancelCount), [0, 0, 0, 0, 0])
        }
        XCTAssertEqual(upstreams.map(\.cancelCount), [1, 1, 1, 1, 1])
    }

    // Either the new upstream sees the flag set, or the first request's snapshot holds it:
    // every upstream is asked exactly once, whichever thread gets the lock first.
    func testConcurrentUpstreamsAndSubscribersAskEachUpstreamExactlyOnce() {
        for _ in 0..<20 {
            let subject = CustomSubject<Int, Never>()
            let upstreams = (0..<50).map { _ in ProbeSubscription() }
            let recorders = (0..<50).map { _ in Recorder<Int, Never>() }
            DispatchQueue.concurrentPerform(iterations: 100) { index in
                if index.isMultiple(of: 2) {
                    subject.send(subscription: upstreams[index / 2])
                } else {
                    subject.subscribe(recorders[index / 2])
                }
            }
            XCTAssertEqual(upstreams.filter { $0.requests != [.unlimited] }.count, 0)
            recorders.forEach { $0.cancel() }
        }
    }
}
