import CustomCombine
import Foundation
import TestSupport
import XCTest

final class PausableSubscriberTests: XCTestCase {
    func testPausesOnOddValuesAndResumes() {
        var log: [String] = []
        let pausable = [1, 2, 3, 4, 5, 6].publisher.pausableSink(
            receiveCompletion: { log.append("completed: \($0)") },
            receiveValue: { value in
                log.append("value \(value)")
                return value % 2 == 0
            })
        var pauses = 0
        while pausable.paused {
            pauses += 1
            log.append("resume")
            pausable.resume()
        }
        XCTAssertEqual(pauses, 3)
        XCTAssertEqual(
            log,
            [
                "value 1", "resume", "value 2", "value 3", "resume", "value 4", "value 5",
                "resume", "value 6", "completed: finished",
            ])
    }

    func testRequestsOneValueAtATime() {
        let subject = PassthroughSubject<Int, Never>()
        var values: [Int] = []
        let pausable = subject.buffer(size: 10, prefetch: .keepFull, whenFull: .dropNewest)
            .pausableSink(
                receiveCompletion: { _ in },
                receiveValue: {
                    values.append($0)
                    return false
                })
        for value in 1...5 { subject.send(value) }
        XCTAssertEqual(values, [1])
        XCTAssertTrue(pausable.paused)
        pausable.resume()
        pausable.resume()  // already resumed and paused again: asks for exactly one each time
        XCTAssertEqual(values, [1, 2, 3])
        pausable.cancel()
    }

    func testResumeWhenNotPausedDoesNothing() {
        let subject = PassthroughSubject<Int, Never>()
        var values: [Int] = []
        let pausable = subject.buffer(size: 10, prefetch: .keepFull, whenFull: .dropNewest)
            .pausableSink(
                receiveCompletion: { _ in },
                receiveValue: {
                    values.append($0)
                    return true
                })
        XCTAssertFalse(pausable.paused)
        pausable.resume()
        subject.send(1)
        subject.send(2)
        XCTAssertEqual(values, [1, 2])
        pausable.cancel()
        subject.send(3)
        XCTAssertEqual(values, [1, 2])
    }

    /// The pause begins when the closure returns `false`: a `resume()` from another thread
    /// while the closure runs finds the subscriber not paused and does nothing, as one from
    /// inside the closure does; a resume once `paused` is `true` asks for one more.
    func testAResumeFromAnotherThreadDuringTheClosureDoesNothing() {
        let subject = PassthroughSubject<Int, Never>()
        let inside = DispatchSemaphore(value: 0)
        let resumed = DispatchSemaphore(value: 0)
        let received = Tally<Int>()
        let pausable = Shared(
            value: subject.pausableSink(receiveCompletion: { _ in }) { value in
                received.append(value)
                if value == 1 {
                    inside.signal()
                    _ = resumed.wait(timeout: .now() + 5)
                }
                return false
            })
        Thread {
            inside.wait()
            pausable.value.resume()
            resumed.signal()
        }.start()
        subject.send(1)
        subject.send(2)
        XCTAssertEqual(received.values, [1], "the resume during the closure asked for nothing")
        XCTAssertTrue(pausable.value.paused)
        pausable.value.resume()
        subject.send(3)
        XCTAssertEqual(received.values, [1, 3])
    }

    func testCompletionWhilePausedArrivesAndReleasesClosures() {
        let subject = PassthroughSubject<Int, Never>()
        weak var weakToken: Token?
        var completions = 0
        var pausable: (Pausable & Cancellable)?
        do {
            let token = Token()
            weakToken = token
            pausable = subject.pausableSink(
                receiveCompletion: { _ in completions += 1 },
                receiveValue: { _ in
                    _ = token
                    return false
                })
        }
        subject.send(1)
        XCTAssertEqual(pausable?.paused, true)
        subject.send(completion: .finished)
        XCTAssertEqual(completions, 1)
        XCTAssertNil(weakToken)
        XCTAssertEqual(pausable?.paused, false)
        pausable = nil
    }

    func testCancelFromInsideReceiveValueReleasesClosures() {
        let subject = PassthroughSubject<Int, Never>()
        weak var weakToken: Token?
        var values: [Int] = []
        var pausable: (Pausable & Cancellable)?
        do {
            let token = Token()
            weakToken = token
            pausable = subject.pausableSink(
                receiveCompletion: { _ in _ = token },
                receiveValue: {
                    values.append($0)
                    pausable?.cancel()
                    return true
                })
        }
        subject.send(1)
        subject.send(2)
        XCTAssertEqual(values, [1])
        XCTAssertNil(weakToken)
        pausable = nil
    }

    func testCompletionBeforeSubscribe() {
        var completions: [Subscribers.Completion<Never>] = []
        let pausable = Empty<Int, Never>().pausableSink(
            receiveCompletion: { completions.append($0) },
            receiveValue: { _ in
                XCTFail("no values")
                return true
            })
        XCTAssertEqual(completions, [.finished])
        XCTAssertFalse(pausable.paused)
        pausable.resume()  // after completion: nothing to resume, must not crash
    }

    func testReceivingASecondSubscriptionCancelsIt() {
        let subscriber = PausableSubscriber<Int, Never>(
            receiveValue: { _ in true }, receiveCompletion: { _ in })
        let first = PassthroughSubject<Int, Never>()
        let second = PassthroughSubject<Int, Never>()
        var secondCancelled = false
        var values: [Int] = []
        first.handleEvents(receiveOutput: { values.append($0) }).subscribe(subscriber)
        second.handleEvents(receiveCancel: { secondCancelled = true }).subscribe(subscriber)
        first.send(1)
        XCTAssertTrue(secondCancelled)
        XCTAssertEqual(values, [1])
        subscriber.cancel()
    }

    func testConcurrentResumesRequestOneValueEach() {
        let rounds = 200
        let subject = PassthroughSubject<Int, Never>()
        let delivered = Tally<Int>()
        let pausable = subject.buffer(size: .max, prefetch: .keepFull, whenFull: .dropNewest)
            .pausableSink(
                receiveCompletion: { _ in },
                receiveValue: {
                    delivered.append($0)
                    return false
                })
        for value in 0..<(rounds + 10) { subject.send(value) }
        let shared = Shared(value: pausable)
        DispatchQueue.concurrentPerform(iterations: rounds) { _ in shared.value.resume() }
        let values = delivered.values
        XCTAssertEqual(values, Array(0..<values.count), "in order, each once")
        XCTAssertLessThanOrEqual(values.count, rounds + 1)
        XCTAssertGreaterThanOrEqual(values.count, 2)
        pausable.cancel()
    }
}
