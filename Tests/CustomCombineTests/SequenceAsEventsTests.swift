import CustomCombine
import XCTest

final class SequenceAsEventsTests: XCTestCase {
    private enum TestError: Error, Equatable { case broken }

    func testValuesThenCompletion() {
        let events = (1...3).asEvents(completion: .finished)
        XCTAssertEqual(events.count, 4)
        XCTAssertEqual(events.first, .value(1))
        XCTAssertEqual(events.last, .complete(.finished))
    }

    func testNoCompletionMeansValuesOnly() {
        XCTAssertEqual([5, 6].asEvents(), [.value(5), .value(6)])
        XCTAssertEqual([Int]().asEvents(completion: nil), [])
    }

    func testFailureOverloadCarriesTheError() {
        let events = ["a"].asEvents(failure: TestError.self, completion: .failure(.broken))
        XCTAssertEqual(events, [.value("a"), .complete(.failure(.broken))])
    }
}
