import Dispatch
import PublisherConformance
import TestSupport
import XCTest

@testable import CustomCombine

final class BufferSubjectTests: XCTestCase {
    private enum TestError: Error, Equatable { case broken, full }

    func testMulticastScriptEverySubscriberSeesEverything() {
        let subjectA = PassthroughSubject<Int, Never>()
        let multicast = subjectA.scan(10, +)
            .multicast { BufferSubject<Int, Never>(limit: Int.max) }
            .autoconnect()
        var receivedC = [Subscribers.Event<Int, Never>]()
        var receivedD = [Subscribers.Event<Int, Never>]()
        let sinkC = multicast.sink(event: { receivedC.append($0) })
        subjectA.send(sequence: 1...2, completion: nil)
        let sinkD = multicast.sink(event: { receivedD.append($0) })
        subjectA.send(sequence: 3...4, completion: .finished)
        XCTAssertEqual(receivedC, [11, 13, 16, 20].asEvents(completion: .finished))
        XCTAssertEqual(receivedD, [11, 13, 16, 20].asEvents(completion: .finished))
        sinkC.cancel()
        sinkD.cancel()
    }

    func testDefaultReplaysTheLatestValue() {
        let subject = BufferSubject<Int, Never>()
        subject.send(sequence: 1...3, completion: nil)
        let recorder = Recorder<Int, Never>()
        subject.subscribe(recorder)
        subject.send(4)
        XCTAssertEqual(recorder.values, [3, 4])
    }

    func testLateSubscriberGetsReplayThenCompletion() {
        let subject = BufferSubject<Int, TestError>(limit: 2)
        subject.send(sequence: 1...3, completion: .failure(.broken))
        subject.send(9)
        let recorder = Recorder<Int, TestError>()
        subject.subscribe(recorder)
        XCTAssertEqual(recorder.subscriptionCount, 1)
        XCTAssertEqual(
            recorder.events,
            [2, 3].asEvents(failure: TestError.self, completion: .failure(.broken)))
        XCTAssertEqual(subject.subscriberCount, 0)
    }

    func testLateSubscriberWithoutDemandGetsCompletionAfterRequestedReplay() {
        let subject = BufferSubject<Int, Never>(limit: 2)
        subject.send(sequence: 1...2, completion: .finished)
        let recorder = Recorder<Int, Never>(demand: .max(1))
        subject.subscribe(recorder)
        XCTAssertEqual(recorder.events, [1].asEvents())
        recorder.request(.max(1))
        XCTAssertEqual(recorder.events, [1, 2].asEvents(completion: .finished))
    }

    func testDemandLimitBuffersPerSubscriberWithTheSubjectsStrategy() {
        let subject = BufferSubject<Int, Never>(limit: 2, whenFull: .dropNewest)
        let recorder = Recorder<Int, Never>(demand: .max(1))
        subject.subscribe(recorder)
        subject.send(sequence: 1...5, completion: nil)
        XCTAssertEqual(recorder.values, [1])
        recorder.request(.max(5))
        XCTAssertEqual(recorder.values, [1, 2, 3])
        subject.send(6)
        XCTAssertEqual(recorder.values, [1, 2, 3, 6])
    }

    func testCompletionWaitsBehindBufferedValues() {
        let subject = BufferSubject<Int, Never>(limit: 5)
        let recorder = Recorder<Int, Never>(demand: .none)
        subject.subscribe(recorder)
        subject.send(sequence: 1...2, completion: .finished)
        XCTAssertEqual(recorder.events, [])
        recorder.request(.max(1))
        XCTAssertEqual(recorder.events, [1].asEvents())
        recorder.request(.max(1))
        XCTAssertEqual(recorder.events, [1, 2].asEvents(completion: .finished))
    }

    func testCustomErrorSparesASubscriberThatKeepsUp() {
        // .customError fails a subscriber whose own buffer overflows; the shared record of
        // values keeps the latest ones, so it never ends the stream for everybody.
        let subject = BufferSubject<Int, TestError>(limit: 1, whenFull: .customError({ .full }))
        let keepsUp = Recorder<Int, TestError>()
        subject.subscribe(keepsUp)
        subject.send(sequence: 1...4, completion: nil)
        let late = Recorder<Int, TestError>()
        subject.subscribe(late)
        subject.send(completion: .finished)
        XCTAssertEqual(
            keepsUp.events, [1, 2, 3, 4].asEvents(failure: TestError.self, completion: .finished))
        XCTAssertEqual(late.events, [4].asEvents(failure: TestError.self, completion: .finished))
        XCTAssertEqual(subject.subscriberCount, 0, "the completion let go of every subscriber")
    }

    func testASubscriberFailedByItsOwnOverflowLeavesTheSubject() {
        let subject = BufferSubject<Int, TestError>(limit: 1, whenFull: .customError({ .full }))
        weak var weakRecorder: Recorder<Int, TestError>?
        do {
            let recorder = Recorder<Int, TestError>(demand: .none)
            weakRecorder = recorder
            subject.subscribe(recorder)
            subject.send(1)
            subject.send(2)
            recorder.request(.max(5))
            XCTAssertEqual(
                recorder.events, [1].asEvents(failure: TestError.self, completion: .failure(.full)))
        }
        XCTAssertEqual(subject.subscriberCount, 0, "the failed subscriber left the subject")
        XCTAssertNil(weakRecorder, "nothing holds the failed subscriber")
    }

    func testLimitZeroReplaysNothing() {
        let subject = BufferSubject<Int, Never>(limit: 0)
        subject.send(1)
        let recorder = Recorder<Int, Never>()
        subject.subscribe(recorder)
        subject.send(2)
        subject.send(completion: .finished)
        XCTAssertEqual(recorder.events, [2].asEvents(completion: .finished))
    }

    func testSubscribersReceiveInSubscriptionOrder() {
        let subject = BufferSubject<Int, Never>(limit: 0)
        var order: [Int] = []
        let cancellables = (0..<20).map { index in
            subject.sink(receiveValue: { _ in order.append(index) })
        }
        subject.send(1)
        XCTAssertEqual(order, Array(0..<20))
        cancellables.forEach { $0.cancel() }
    }

    func testCancelRemovesAndReleases() {
        final class Token {}
        weak var weakToken: Token?
        let subject = BufferSubject<Int, Never>()
        var received: [Int] = []
        var cancellable: AnyCancellable?
        do {
            let token = Token()
            weakToken = token
            cancellable = subject.sink(receiveValue: {
                _ = token
                received.append($0)
            })
        }
        subject.send(1)
        XCTAssertEqual(subject.subscriberCount, 1)
        cancellable?.cancel()
        XCTAssertEqual(subject.subscriberCount, 0)
        XCTAssertNil(weakToken)
        subject.send(2)
        XCTAssertEqual(received, [1])
    }

    func testCompletionReleasesTheSubscriber() {
        weak var weakRecorder: Recorder<Int, Never>?
        let subject = BufferSubject<Int, Never>()
        do {
            let recorder = Recorder<Int, Never>()
            weakRecorder = recorder
            subject.subscribe(recorder)
        }
        XCTAssertNotNil(weakRecorder)
        subject.send(completion: .finished)
        XCTAssertNil(weakRecorder)
    }

    func testALateSubscriberThatKeepsItsSubscriptionIsReleased() {
        // The recorder keeps its first subscription and requests from inside
        // `receive(subscription:)`, so the replay drains the completion during the handshake.
        weak var weakRecorder: Recorder<Int, Never>?
        weak var weakSubject: BufferSubject<Int, Never>?
        do {
            let subject = BufferSubject<Int, Never>()
            weakSubject = subject
            subject.send(1)
            subject.send(completion: .finished)
            let recorder = Recorder<Int, Never>()
            weakRecorder = recorder
            subject.subscribe(recorder)
            XCTAssertEqual(recorder.events, [1].asEvents(completion: .finished))
        }
        XCTAssertNil(weakRecorder)
        XCTAssertNil(weakSubject)
    }

    func testRequestingOneAtATimeFromInsideReceiveDoesNotRecurse() {
        let subject = BufferSubject<Int, Never>(limit: .max)
        subject.send(sequence: 0..<20_000, completion: .finished)
        var recorder: Recorder<Int, Never>?
        recorder = Recorder<Int, Never>(
            demand: .max(1),
            onValue: { _ in
                recorder?.request(.max(1))
                return .none
            })
        subject.subscribe(recorder!)
        XCTAssertEqual(recorder?.values, Array(0..<20_000))
        XCTAssertEqual(recorder?.events.last, .complete(.finished))
        recorder = nil
    }

    func testCancelDuringReplayStopsTheReplay() {
        let subject = BufferSubject<Int, Never>(limit: 10)
        subject.send(sequence: 1...10, completion: .finished)
        var recorder: Recorder<Int, Never>?
        recorder = Recorder<Int, Never>(onValue: { value in
            if value == 3 { recorder?.cancel() }
            return .none
        })
        subject.subscribe(recorder!)
        XCTAssertEqual(recorder?.events, [1, 2, 3].asEvents())
        recorder = nil
    }

    func testValuesSentDuringAnUnlimitedReplayFollowItInOrderAndAreNotDropped() {
        // An unlimited subscriber's replay is handed over as a whole; what is sent while it
        // runs must still come after it, in order, with nothing trimmed to the limit, and the
        // completion last.
        let subject = BufferSubject<Int, Never>(limit: 3)
        subject.send(sequence: 1...3, completion: nil)
        let recorder = Recorder<Int, Never>(onValue: { value in
            if value == 1 {
                subject.send(sequence: 4...8, completion: .finished)
            }
            return .none
        })
        subject.subscribe(recorder)
        XCTAssertEqual(recorder.events, Array(1...8).asEvents() + [.complete(.finished)])
    }

    func testADemandRaisedToUnlimitedMidReplayDeliversTheRestInOrder() {
        let subject = BufferSubject<Int, Never>(limit: 5)
        subject.send(sequence: 1...5, completion: nil)
        var subscription: Subscription?
        var received = [Int]()
        subject.subscribe(
            AnySubscriber(
                receiveSubscription: { subscription = $0 },
                receiveValue: { value in
                    received.append(value)
                    if value == 2 { subscription?.request(.unlimited) }
                    if value == 3 { subject.send(6) }
                    return .none
                },
                receiveCompletion: { _ in }))
        subscription?.request(.max(2))
        XCTAssertEqual(received, [1, 2, 3, 4, 5, 6])
        subscription?.cancel()
    }

    func testSendAndCancelFromInsideASink() {
        let subject = BufferSubject<Int, Never>(limit: 3)
        var received: [Int] = []
        var cancellable: AnyCancellable?
        cancellable = subject.sink(receiveValue: { value in
            received.append(value)
            if value == 1 { subject.send(2) }
            if value == 2 { cancellable?.cancel() }
        })
        subject.send(1)
        subject.send(3)
        XCTAssertEqual(received, [1, 2])
        let late = Recorder<Int, Never>()
        subject.subscribe(late)
        XCTAssertEqual(late.values, [1, 2, 3])
    }

    func testABurstSentFromInsideASinkIsOwedNotTrimmed() {
        let subject = BufferSubject<Int, Never>(limit: 4)
        var received = [Int]()
        let cancellable = subject.sink { value in
            received.append(value)
            if value == 2000 {
                subject.send(sequence: 2001...2005, completion: nil)
            }
        }
        subject.send(2000)
        XCTAssertEqual(received, Array(2000...2005), "asked for everything, so nothing is dropped")
        cancellable.cancel()
    }

    func testValuesBeyondDemandStillFollowTheLimit() {
        let subject = BufferSubject<Int, Never>(limit: 1)
        var received = [Int]()
        var subscription: Subscription?
        subject.subscribe(
            AnySubscriber(
                receiveSubscription: { subscription = $0 },
                receiveValue: { value in
                    received.append(value)
                    if value == 1 {
                        // Demand left: one more. Values 3 and 4 go beyond it and
                        // share one slot, so 3 is dropped by .dropOldest.
                        subject.send(sequence: 2...4, completion: nil)
                    }
                    return .none
                },
                receiveCompletion: { _ in }))
        subscription?.request(.max(2))
        subject.send(1)
        XCTAssertEqual(received, [1, 2])
        subscription?.request(.max(5))
        XCTAssertEqual(received, [1, 2, 4])
        subscription?.cancel()
    }

    func testConcurrentSendSubscribeAndCancel() {
        let subject = BufferSubject<Int, Never>(limit: .max)
        let stable = (0..<3).map { _ in Recorder<Int, Never>() }
        stable.forEach { subject.subscribe($0) }
        let senders = 4
        let rounds = 250
        let problems = AtomicBox(0)
        let lateRecorders = AtomicBox([Recorder<Int, Never>]())
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            if worker < senders {
                for round in 0..<rounds {
                    subject.send(worker * rounds + round)
                }
            } else {
                for index in 0..<rounds / 5 {
                    let recorder = Recorder<Int, Never>()
                    subject.subscribe(recorder)
                    if index % 2 == 0 {
                        recorder.cancel()
                        let values = recorder.values
                        if Set(values).count != values.count { problems.mutate { $0 += 1 } }
                    } else {
                        lateRecorders.mutate { $0.append(recorder) }
                    }
                }
            }
        }
        XCTAssertEqual(problems.value, 0)
        let everything = Array(0..<senders * rounds)
        // Subscribers present throughout, and those that joined midway (replay + live),
        // all end up with every value exactly once.
        for recorder in stable + lateRecorders.value {
            XCTAssertEqual(recorder.overlaps, 0)
            XCTAssertEqual(recorder.values.sorted(), everything)
        }
        XCTAssertEqual(subject.subscriberCount, stable.count + lateRecorders.value.count)
    }

    // As a subscriber it asks at once, as OpenCombine's CurrentValueSubject does: what it
    // takes is recorded for later subscribers (chapter 8 says why).
    func testUpstreamsAreAskedAtOnceAndTheirValuesRecorded() {
        let subject = BufferSubject<Int, Never>(limit: 3)
        let upstream = ProbeSubscription()
        subject.send(subscription: upstream)
        XCTAssertEqual(upstream.requests, [.unlimited])

        let link = [1, 2, 3].publisher.subscribe(subject)
        let recorder = Recorder<Int, Never>()
        subject.subscribe(recorder)
        XCTAssertEqual(recorder.events, [1, 2, 3].asEvents(completion: .finished))
        link.cancel()
    }

    func testAReleasedSubjectCancelsItsUpstreams() {
        let upstreams = (0..<3).map { _ in ProbeSubscription() }
        do {
            let subject = BufferSubject<Int, Never>()
            upstreams.forEach(subject.send(subscription:))
            XCTAssertEqual(upstreams.map(\.cancelCount), [0, 0, 0])
        }
        XCTAssertEqual(upstreams.map(\.cancelCount), [1, 1, 1])
    }
}
