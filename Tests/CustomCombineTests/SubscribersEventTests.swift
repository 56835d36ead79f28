import CustomCombine
import XCTest

final class SubscribersEventTests: XCTestCase {
    private enum TestError: Error, Equatable { case broken, other }

    func testValuesCompareByValue() {
        XCTAssertEqual(Subscribers.Event<Int, Never>.value(1), .value(1))
        XCTAssertNotEqual(Subscribers.Event<Int, Never>.value(1), .value(2))
    }

    func testCompletionsCompareByCompletion() {
        typealias Event = Subscribers.Event<Int, TestError>
        XCTAssertEqual(Event.complete(.finished), .complete(.finished))
        XCTAssertEqual(Event.complete(.failure(.broken)), .complete(.failure(.broken)))
        XCTAssertNotEqual(Event.complete(.failure(.broken)), .complete(.failure(.other)))
        XCTAssertNotEqual(Event.complete(.finished), .value(0))
    }

    func testEventsPrintTheWayChaptersWriteThem() {
        let events: [Subscribers.Event<Int, TestError>] = [
            .value(1), .value(2), .complete(.finished), .complete(.failure(.broken)),
        ]
        XCTAssertEqual(String(describing: events), "[1, 2, .finished, .failure(broken)]")
    }
}
