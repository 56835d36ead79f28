import CustomCombine
import TestSupport
import XCTest

final class PublisherSinkEventTests: XCTestCase {
    private enum TestError: Error, Equatable { case broken }

    func testSubjectToSinkRecordsValuesAndCompletion() {
        let subject = PassthroughSubject<Int, Never>()
        var received = [Subscribers.Event<Int, Never>]()
        let cancellable = subject.sink(event: { received.append($0) })
        subject.send(sequence: 1...3, completion: .finished)
        XCTAssertEqual(received, [1, 2, 3].asEvents(completion: .finished))
        cancellable.cancel()
    }

    func testFailureIsRecorded() {
        let subject = PassthroughSubject<Int, TestError>()
        var received = [Subscribers.Event<Int, TestError>]()
        let cancellable = subject.sink(event: { received.append($0) })
        subject.send(1)
        subject.send(completion: .failure(.broken))
        XCTAssertEqual(
            received, [1].asEvents(failure: TestError.self, completion: .failure(.broken)))
        cancellable.cancel()
    }

    func testCancelStopsEvents() {
        let subject = PassthroughSubject<Int, Never>()
        var received = [Subscribers.Event<Int, Never>]()
        let cancellable = subject.sink(event: { received.append($0) })
        subject.send(1)
        cancellable.cancel()
        subject.send(2)
        XCTAssertEqual(received, [1].asEvents())
    }

    func testDroppingTheCancellableReleasesTheClosure() {
        final class Token {}
        let subject = PassthroughSubject<Int, Never>()
        weak var weakToken: Token?
        do {
            let token = Token()
            weakToken = token
            let cancellable = subject.sink(event: { _ in _ = token })
            XCTAssertNotNil(weakToken)
            _ = cancellable
        }
        XCTAssertNil(weakToken)
    }
}
