import CustomCombine
import Foundation
import TestSupport
import XCTest

private final class Lines: TextOutputStream {
    var text = ""
    func write(_ string: String) { text += string }
}

/// An upstream that completes on demand and keeps no hold on the subscription it hands out,
/// so that its subscriber's release is what runs the subscription's `onDeinit`.
private final class ReleasingUpstream: Publisher {
    typealias Output = Int
    typealias Failure = Never

    final class Token: Subscription {
        let onDeinit: () -> Void
        init(onDeinit: @escaping () -> Void) { self.onDeinit = onDeinit }
        deinit { onDeinit() }
        func request(_ demand: Subscribers.Demand) {}
        func cancel() {}
    }

    var onDeinit: () -> Void = {}
    private(set) var subscriber: AnySubscriber<Int, Never>?

    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
        self.subscriber = AnySubscriber(subscriber)
        subscriber.receive(subscription: Token(onDeinit: { [unowned self] in self.onDeinit() }))
    }
}

final class ShareReplayTests: XCTestCase {
    func testOutlineScript() {
        let subject = PassthroughSubject<Int, Never>()
        let upstreamLog = Lines()
        let publisher = subject.print("shareReplay", to: upstreamLog).shareReplay(capacity: 2)
        subject.send(0)

        var first: [String] = []
        let subscription1 = publisher.sink(
            receiveCompletion: { first.append("\($0)") }, receiveValue: { first.append("\($0)") })
        subject.send(1)
        subject.send(2)
        subject.send(3)

        var second: [String] = []
        let subscription2 = publisher.sink(
            receiveCompletion: { second.append("\($0)") }, receiveValue: { second.append("\($0)") })
        subject.send(4)
        subject.send(5)
        subject.send(completion: .finished)

        var third: [String] = []
        let subscription3 = publisher.sink(
            receiveCompletion: { third.append("\($0)") }, receiveValue: { third.append("\($0)") })

        XCTAssertEqual(first, ["1", "2", "3", "4", "5", "finished"])
        XCTAssertEqual(second, ["2", "3", "4", "5", "finished"])
        XCTAssertEqual(third, ["4", "5", "finished"])
        let lines = upstreamLog.text.split(separator: "\n")
        XCTAssertEqual(lines.filter { $0.contains("receive subscription") }.count, 1)
        XCTAssertEqual(lines.filter { $0.contains("request unlimited") }.count, 1)
        // print also logs the demand each value returns: always none, as unlimited was asked
        XCTAssertEqual(
            Set(lines.filter { $0.contains("request") && !$0.contains("unlimited") }),
            ["shareReplay: request max: (0) (synchronous)"])
        for cancellable in [subscription1, subscription2, subscription3] { cancellable.cancel() }
    }

    func testNothingHappensUpstreamBeforeTheFirstSubscriber() {
        var subscriptions = 0
        let publisher = Just(1).handleEvents(receiveSubscription: { _ in subscriptions += 1 })
            .shareReplay()
        XCTAssertEqual(subscriptions, 0)
        let recorder = Recorder<Int, Never>()
        publisher.subscribe(recorder)
        publisher.subscribe(Recorder<Int, Never>())
        XCTAssertEqual(subscriptions, 1)
        XCTAssertEqual(recorder.timeline, ["subscription", "1", "finished"])
    }

    func testDemandPerSubscriberIsHonouredAndRaisedLater() {
        let subject = PassthroughSubject<Int, Never>()
        let publisher = subject.shareReplay()
        let slow = Recorder<Int, Never>(demand: .max(1))
        let eager = Recorder<Int, Never>()
        publisher.subscribe(slow)
        publisher.subscribe(eager)
        for value in 1...4 { subject.send(value) }
        XCTAssertEqual(slow.values, [1])
        XCTAssertEqual(eager.values, [1, 2, 3, 4])

        slow.subscription?.request(.max(2))
        XCTAssertEqual(slow.values, [1, 2, 3])
        subject.send(completion: .finished)
        XCTAssertEqual(slow.timeline.last, "3", "the completion waits behind value 4")
        slow.subscription?.request(.max(1))
        XCTAssertEqual(slow.timeline, ["subscription", "1", "2", "3", "4", "finished"])
    }

    func testLiveValuesWaitForDemandBeyondTheReplayCapacity() {
        let subject = PassthroughSubject<Int, Never>()
        let publisher = subject.shareReplay(capacity: 1)
        let eager = Recorder<Int, Never>()
        publisher.subscribe(eager)
        subject.send(1)
        subject.send(2)
        let idle = Recorder<Int, Never>(demand: .none)
        publisher.subscribe(idle)  // replay holds only 2
        for value in 3...5 { subject.send(value) }
        XCTAssertEqual(idle.values, [])
        idle.subscription?.request(.unlimited)
        XCTAssertEqual(idle.values, [2, 3, 4, 5], "live values are kept until demanded")
        XCTAssertEqual(eager.values, [1, 2, 3, 4, 5])
    }

    func testDemandReturnedFromReceiveIsAdded() {
        let subject = PassthroughSubject<Int, Never>()
        let publisher = subject.shareReplay()
        let recorder = Recorder<Int, Never>(demand: .max(1), onValue: { _ in .max(1) })
        publisher.subscribe(recorder)
        for value in 1...3 { subject.send(value) }
        XCTAssertEqual(recorder.values, [1, 2, 3])
    }

    func testLateSubscriberGetsReplayAndCompletionOnlyAsDemanded() {
        let subject = PassthroughSubject<Int, Never>()
        let publisher = subject.shareReplay(capacity: 3)
        let early = Recorder<Int, Never>()
        publisher.subscribe(early)
        for value in 1...5 { subject.send(value) }
        subject.send(completion: .finished)
        subject.send(6)

        let late = Recorder<Int, Never>(demand: .none)
        publisher.subscribe(late)
        XCTAssertEqual(late.timeline, ["subscription"])
        late.subscription?.request(.max(2))
        XCTAssertEqual(late.timeline, ["subscription", "3", "4"])
        late.subscription?.request(.max(1))
        XCTAssertEqual(late.timeline, ["subscription", "3", "4", "5", "finished"])
        XCTAssertEqual(early.timeline.last, "finished")
    }

    func testALateSubscriberThatKeepsItsSubscriptionIsReleased() {
        // The recorder keeps its first subscription and asks from inside
        // `receive(subscription:)`, so the replay drains the completion during the handshake.
        weak var weakRecorder: Recorder<Int, Never>?
        weak var weakShared: ShareReplay<PassthroughSubject<Int, Never>>?
        let subject = PassthroughSubject<Int, Never>()
        do {
            let shared = subject.shareReplay(capacity: 3)
            weakShared = shared
            let early = Recorder<Int, Never>()
            shared.subscribe(early)
            subject.send(1)
            subject.send(completion: .finished)
            let late = Recorder<Int, Never>()
            weakRecorder = late
            shared.subscribe(late)
            XCTAssertEqual(late.timeline, ["subscription", "1", "finished"])
        }
        XCTAssertNil(weakRecorder, "the late subscriber's link still holds it")
        XCTAssertNil(weakShared, "the late subscriber's membership still holds the publisher")
    }

    func testCompletionBeforeAnySubscriber() {
        let subject = PassthroughSubject<Int, Never>()
        let publisher = subject.shareReplay()
        subject.send(1)  // nobody connected yet: lost
        subject.send(completion: .finished)  // the subject replays this one to new subscribers
        let recorder = Recorder<Int, Never>()
        publisher.subscribe(recorder)
        subject.send(2)
        let second = Recorder<Int, Never>()
        publisher.subscribe(second)
        XCTAssertEqual(recorder.timeline, ["subscription", "finished"])
        XCTAssertEqual(second.timeline, ["subscription", "finished"])
        let finished = Recorder<Int, Never>()
        Empty<Int, Never>().shareReplay().subscribe(finished)
        XCTAssertEqual(finished.timeline, ["subscription", "finished"])
    }

    func testFailureIsReplayed() {
        struct Boom: Error {}
        let subject = PassthroughSubject<Int, Boom>()
        let publisher = subject.shareReplay(capacity: 1)
        var events: [String] = []
        let first = publisher.sink(receiveCompletion: { _ in }, receiveValue: { _ in })
        subject.send(1)
        subject.send(completion: .failure(Boom()))
        let late = publisher.sink(
            receiveCompletion: { if case .failure = $0 { events.append("failure") } },
            receiveValue: { events.append("\($0)") })
        XCTAssertEqual(events, ["1", "failure"])
        first.cancel()
        late.cancel()
    }

    func testCancelStopsValuesAndReleasesTheSubscriber() {
        let subject = PassthroughSubject<Int, Never>()
        let publisher = subject.shareReplay()
        weak var weakToken: Token?
        var values: [Int] = []
        var cancellable: AnyCancellable?
        do {
            let token = Token()
            weakToken = token
            cancellable = publisher.sink(
                receiveCompletion: { _ in _ = token }, receiveValue: { values.append($0) })
        }
        subject.send(1)
        cancellable?.cancel()
        subject.send(2)
        XCTAssertEqual(values, [1])
        XCTAssertNil(weakToken)
    }

    func testCompletionReleasesTheSubscriber() {
        let subject = PassthroughSubject<Int, Never>()
        let publisher = subject.shareReplay()
        weak var weakRecorder: Recorder<Int, Never>?
        do {
            let recorder = Recorder<Int, Never>()
            weakRecorder = recorder
            publisher.subscribe(recorder)
        }
        XCTAssertNotNil(weakRecorder, "the subscription holds its subscriber while active")
        subject.send(completion: .finished)
        XCTAssertNil(weakRecorder)
    }

    func testReleasingThePublisherCancelsUpstream() {
        let subject = PassthroughSubject<Int, Never>()
        var cancels = 0
        var publisher: ShareReplay<Publishers.HandleEvents<PassthroughSubject<Int, Never>>>? =
            subject.handleEvents(receiveCancel: { cancels += 1 }).shareReplay()
        var values: [Int] = []
        let cancellable = publisher?.sink { values.append($0) }
        publisher = nil
        subject.send(1)
        XCTAssertEqual(values, [1], "a live subscriber keeps the shared publisher")
        XCTAssertEqual(cancels, 0)
        cancellable?.cancel()
        XCTAssertEqual(cancels, 1)
    }

    func testReentrantCancelRequestAndSendFromInsideReceive() {
        let subject = PassthroughSubject<Int, Never>()
        let publisher = subject.shareReplay()
        let canceller = Recorder<Int, Never>()
        canceller.onValue = { _ in
            canceller.subscription?.cancel()
            return .none
        }
        let requester = Recorder<Int, Never>(demand: .max(1))
        requester.onValue = { _ in
            requester.subscription?.request(.max(1))
            return .none
        }
        let sender = Recorder<Int, Never>()
        sender.onValue = { value in
            if value < 5 { subject.send(value + 1) }
            return .none
        }
        publisher.subscribe(canceller)
        publisher.subscribe(requester)
        publisher.subscribe(sender)

        subject.send(1)

        XCTAssertEqual(canceller.values, [1])
        XCTAssertEqual(requester.values, [1, 2, 3, 4, 5])
        XCTAssertEqual(sender.values, [1, 2, 3, 4, 5])
        canceller.onValue = nil
        requester.onValue = nil
        sender.onValue = nil
    }

    func testSubscribingWhileSendingSeesNoGapAndNoDuplicate() {
        let count = 300
        let subject = PassthroughSubject<Int, Never>()
        let publisher = subject.shareReplay()
        let recorders = Tally<Recorder<Int, Never>>()
        let cancelled = Tally<Recorder<Int, Never>>()
        let shared = Shared(value: subject)
        let finished = DispatchSemaphore(value: 0)
        let connector = Recorder<Int, Never>()
        publisher.subscribe(connector)  // connect upstream first: values sent before are lost
        DispatchQueue.global().async {
            for value in 0..<count { shared.value.send(value) }
            shared.value.send(completion: .finished)
            finished.signal()
        }
        DispatchQueue.concurrentPerform(iterations: 64) { index in
            let recorder = Recorder<Int, Never>()
            publisher.subscribe(recorder)
            if index % 4 == 0 {
                recorder.subscription?.cancel()
                cancelled.append(recorder)
            } else {
                recorders.append(recorder)
            }
        }
        finished.wait()
        XCTAssertEqual(connector.values, Array(0..<count))
        for recorder in recorders.values {
            XCTAssertEqual(recorder.values, Array(0..<count), "everything, each once")
            XCTAssertEqual(recorder.timeline.last, "finished")
        }
        for recorder in cancelled.values {
            let values = recorder.values
            XCTAssertEqual(values, Array(0..<values.count), "a prefix, in order")
        }
    }

    func testSubscribingWhileSendingWithSmallCapacityGetsAContiguousTail() {
        let count = 300
        let subject = PassthroughSubject<Int, Never>()
        let publisher = subject.shareReplay(capacity: 2)
        let recorders = Tally<Recorder<Int, Never>>()
        let shared = Shared(value: subject)
        let finished = DispatchSemaphore(value: 0)
        let connector = Recorder<Int, Never>()
        publisher.subscribe(connector)  // connect upstream first: values sent before are lost
        var upstreamSubscriptions = 0
        let counted = subject.handleEvents(receiveSubscription: { _ in upstreamSubscriptions += 1 })
            .shareReplay(capacity: 2)
        DispatchQueue.global().async {
            for value in 0..<count { shared.value.send(value) }
            shared.value.send(completion: .finished)
            finished.signal()
        }
        let sharedCounted = Shared(value: counted)
        DispatchQueue.concurrentPerform(iterations: 64) { _ in
            let recorder = Recorder<Int, Never>()
            publisher.subscribe(recorder)
            sharedCounted.value.subscribe(Recorder<Int, Never>())
            recorders.append(recorder)
        }
        finished.wait()
        XCTAssertEqual(upstreamSubscriptions, 1)
        for recorder in recorders.values {
            let values = recorder.values
            if let first = values.first {
                XCTAssertEqual(values, Array(first..<count), "no gap, no duplicate")
            }
            XCTAssertEqual(recorder.timeline.last, "finished")
        }
    }

    func testTheUpstreamSubscriptionIsReleasedAfterTheLock() {
        let upstream = ReleasingUpstream()
        let shared = upstream.shareReplay(capacity: 1)
        var replayedOnRelease = [Int]()
        // Subscribing takes the publisher's lock: it would deadlock if the subscription were
        // released with the lock held.
        upstream.onDeinit = { _ = shared.sink { replayedOnRelease.append($0) } }
        let first = shared.sink { _ in }
        _ = upstream.subscriber?.receive(1)
        upstream.subscriber?.receive(completion: .finished)
        XCTAssertEqual(replayedOnRelease, [1])
        upstream.onDeinit = {}
        withExtendedLifetime(first) {}
    }
}
