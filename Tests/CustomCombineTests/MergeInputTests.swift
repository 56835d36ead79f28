import Dispatch
import TestSupport
import XCTest

@testable import CustomCombine

final class MergeInputTests: XCTestCase {
    func testForwardsEveryUpstreamAndNeverCompletes() {
        let subject1 = PassthroughSubject<Int, Never>()
        let subject2 = PassthroughSubject<Int, Never>()
        let mergeInput = MergeInput<Int>()
        var received = [Subscribers.Event<Int, Never>]()
        let cancellable = mergeInput.sink(event: { received.append($0) })
        subject1.merge(into: mergeInput)
        subject2.merge(into: mergeInput)
        XCTAssertEqual(mergeInput.upstreamCount, 2)
        subject1.send(sequence: 1...2, completion: .finished)
        subject2.send(sequence: 3...4, completion: .finished)
        XCTAssertEqual(received, [1, 2, 3, 4].asEvents(completion: nil))
        XCTAssertEqual(mergeInput.upstreamCount, 0)
        cancellable.cancel()
    }

    func testSubscribeAcceptsSynchronousUpstreams() {
        let mergeInput = MergeInput<Int>()
        let recorder = Recorder<Int, Never>()
        mergeInput.subscribe(recorder)
        mergeInput.subscribe(Just(1))
        // A Just finishes inside subscribe (OpenCombine's JustTests.testJustWithInitialDemand,
        // which its authors also run against Apple's Combine); when a sequence's publisher
        // finishes is not documented, so only the Just's entry is checked.
        XCTAssertEqual(mergeInput.upstreamCount, 0, "the Just's entry is removed")
        [2, 3].publisher.merge(into: mergeInput)
        XCTAssertEqual(recorder.events, [1, 2, 3].asEvents())
    }

    func testHonoursDownstreamDemand() {
        let subject = PassthroughSubject<Int, Never>()
        let mergeInput = MergeInput<Int>()
        let recorder = Recorder<Int, Never>(demand: .max(2))
        mergeInput.subscribe(recorder)
        subject.merge(into: mergeInput)
        subject.send(sequence: 1...4, completion: nil)
        XCTAssertEqual(recorder.values, [1, 2])
        recorder.request(.max(1))
        subject.send(5)
        subject.send(6)
        XCTAssertEqual(recorder.values, [1, 2, 5])
    }

    func testCancelDetachesUpstreamsAndIgnoresLaterOnes() {
        var cancels = 0
        let subject = PassthroughSubject<Int, Never>()
        let mergeInput = MergeInput<Int>()
        let recorder = Recorder<Int, Never>()
        mergeInput.subscribe(recorder)
        subject.handleEvents(receiveCancel: { cancels += 1 }).merge(into: mergeInput)
        subject.send(1)
        mergeInput.cancel()
        XCTAssertEqual(cancels, 1)
        subject.send(2)
        subject.merge(into: mergeInput)
        subject.send(3)
        XCTAssertEqual(recorder.values, [1])
        XCTAssertEqual(mergeInput.upstreamCount, 0)
    }

    /// A `cancel()` that lands while an upstream is being attached (after the inner sink is
    /// registered, before the upstream hands it a subscription) must still detach it. The
    /// upstream below cancels the merge point at exactly that moment, then subscribes the
    /// sink to a subject: a value sent afterwards must not come out of the cancelled merge.
    func testACancelWhileAnUpstreamIsBeingAttachedDetachesIt() {
        let subject = PassthroughSubject<Int, Never>()
        let mergeInput = MergeInput<Int>()
        let recorder = Recorder<Int, Never>()
        mergeInput.subscribe(recorder)
        mergeInput.subscribe(CancelsFirst(mergeInput: mergeInput, then: subject))
        subject.send(1)
        XCTAssertEqual(recorder.values, [], "a value came out of a cancelled merge")
        XCTAssertEqual(mergeInput.upstreamCount, 0)
    }

    func testReleasingItCancelsUpstreamsWithoutARetainCycle() {
        var cancels = 0
        let subject = PassthroughSubject<Int, Never>()
        weak var weakMerge: MergeInput<Int>?
        var received: [Int] = []
        var cancellable: AnyCancellable?
        do {
            let mergeInput = MergeInput<Int>()
            weakMerge = mergeInput
            subject.handleEvents(receiveCancel: { cancels += 1 }).merge(into: mergeInput)
            cancellable = mergeInput.sink(receiveValue: { received.append($0) })
            subject.send(1)
        }
        // Only the downstream subscription keeps it; dropping that releases everything.
        cancellable = nil
        XCTAssertNil(weakMerge)
        XCTAssertEqual(cancels, 1)
        subject.send(2)
        XCTAssertEqual(received, [1])
        _ = cancellable
    }

    func testConcurrentUpstreamsDeliverEveryValueOnce() {
        let mergeInput = MergeInput<Int>()
        let recorder = Recorder<Int, Never>()
        mergeInput.subscribe(recorder)
        nonisolated(unsafe) let subjects = (0..<4).map { _ in PassthroughSubject<Int, Never>() }
        subjects.forEach { $0.merge(into: mergeInput) }
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            if worker < subjects.count {
                for round in 0..<250 {
                    subjects[worker].send(worker * 250 + round)
                }
                subjects[worker].send(completion: .finished)
            } else {
                for _ in 0..<50 {
                    Just(-1).merge(into: mergeInput)
                }
            }
        }
        let values = recorder.values
        XCTAssertEqual(values.filter { $0 >= 0 }.sorted(), Array(0..<1000))
        XCTAssertEqual(values.filter { $0 < 0 }.count, 200)
        XCTAssertEqual(mergeInput.upstreamCount, 0)
    }

    /// Upstreams sending on several threads at once must not overlap their deliveries to one
    /// downstream subscriber: the merge point serializes them (through its `CustomSubject`),
    /// rather than relying on what a `PassthroughSubject` does with concurrent sends, which
    /// Apple does not document. Each delivery lingers a little so that an overlap, if the
    /// merge allowed one, would be seen.
    func testConcurrentUpstreamsNeverOverlapDeliveries() {
        let mergeInput = MergeInput<Int>()
        let recorder = Recorder<Int, Never>(onValue: { _ in
            for _ in 0..<200 { sched_yield() }
            return .none
        })
        mergeInput.subscribe(recorder)
        nonisolated(unsafe) let subjects = (0..<4).map { _ in PassthroughSubject<Int, Never>() }
        subjects.forEach { $0.merge(into: mergeInput) }
        DispatchQueue.concurrentPerform(iterations: subjects.count) { worker in
            for round in 0..<200 {
                subjects[worker].send(worker * 200 + round)
            }
        }
        XCTAssertEqual(recorder.overlaps, 0)
        XCTAssertEqual(recorder.values.sorted(), Array(0..<800))
    }
}

/// An upstream that cancels `mergeInput` when subscribed to, then hands the subscriber to
/// `then`: a cancel landing between the merge's registering an upstream and that upstream's
/// subscription.
private struct CancelsFirst: Publisher {
    typealias Output = Int
    typealias Failure = Never

    let mergeInput: MergeInput<Int>
    let then: PassthroughSubject<Int, Never>

    func receive<S: Subscriber>(subscriber: S) where S.Input == Int, S.Failure == Never {
        mergeInput.cancel()
        then.receive(subscriber: subscriber)
    }
}
