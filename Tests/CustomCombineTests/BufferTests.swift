import CustomCombine
import XCTest

final class BufferTests: XCTestCase {
    private enum TestError: Error, Equatable { case full, upstream }

    private func drain<O, F>(_ buffer: inout Buffer<O, F>) -> [Subscribers.Event<O, F>] {
        var events: [Subscribers.Event<O, F>] = []
        while let event = buffer.fetch() {
            events.append(event)
        }
        return events
    }

    func testFetchGivesValuesInOrderThenTheCompletion() {
        var buffer = Buffer<Int, Never>(limit: 10, strategy: .dropNewest)
        XCTAssertTrue(buffer.isEmpty)
        buffer.push(1)
        buffer.push(2)
        buffer.push(completion: .finished)
        XCTAssertFalse(buffer.isEmpty)
        XCTAssertEqual(buffer.values, [1, 2])
        XCTAssertEqual(drain(&buffer), [1, 2].asEvents(completion: .finished))
        XCTAssertTrue(buffer.isEmpty)
        XCTAssertNil(buffer.fetch())
    }

    func testOnlyTheFirstCompletionIsKeptAndLaterValuesIgnored() {
        var buffer = Buffer<Int, TestError>(limit: 10, strategy: .dropNewest)
        buffer.push(completion: .failure(.upstream))
        buffer.push(completion: .finished)
        buffer.push(1)
        XCTAssertEqual(buffer.completion, .failure(.upstream))
        XCTAssertEqual(drain(&buffer), [.complete(.failure(.upstream))])
        // Fetching the completion does not reopen the buffer.
        buffer.push(completion: .finished)
        buffer.push(2)
        XCTAssertTrue(buffer.isEmpty)
    }

    func testDropNewestDiscardsTheIncomingValue() {
        var buffer = Buffer<Int, Never>(limit: 2, strategy: .dropNewest)
        (1...4).forEach { buffer.push($0) }
        XCTAssertEqual(buffer.values, [1, 2])
    }

    func testDropOldestDiscardsTheFirstStoredValue() {
        var buffer = Buffer<Int, Never>(limit: 2, strategy: .dropOldest)
        (1...4).forEach { buffer.push($0) }
        XCTAssertEqual(buffer.values, [3, 4])
    }

    func testCustomErrorFailsTheStreamAfterTheStoredValues() {
        var buffer = Buffer<Int, TestError>(limit: 2, strategy: .customError({ .full }))
        (1...4).forEach { buffer.push($0) }
        XCTAssertEqual(
            drain(&buffer), [1, 2].asEvents(failure: TestError.self, completion: .failure(.full)))
    }

    func testLimitZeroHoldsNoValueButKeepsTheCompletion() {
        for strategy in [Publishers.BufferingStrategy<TestError>.dropNewest, .dropOldest] {
            var buffer = Buffer<Int, TestError>(limit: 0, strategy: strategy)
            buffer.push(1)
            XCTAssertTrue(buffer.isEmpty)
            buffer.push(completion: .finished)
            XCTAssertEqual(drain(&buffer), [.complete(.finished)])
        }
        var failing = Buffer<Int, TestError>(limit: 0, strategy: .customError({ .full }))
        failing.push(1)
        XCTAssertEqual(drain(&failing), [.complete(.failure(.full))])
    }

    func testManyPushesAndFetchesKeepOrder() {
        var buffer = Buffer<Int, Never>(limit: .max, strategy: .dropNewest)
        var fetched: [Int] = []
        for value in 0..<1000 {
            buffer.push(value)
            if value % 3 == 0, case .value(let first)? = buffer.fetch() {
                fetched.append(first)
            }
        }
        while case .value(let value)? = buffer.fetch() {
            fetched.append(value)
        }
        XCTAssertEqual(fetched, Array(0..<1000))
    }

    func testCopiesAreIndependent() {
        var original = Buffer<Int, Never>(limit: 5, strategy: .dropOldest)
        original.push(1)
        var copy = original
        copy.push(2)
        _ = original.fetch()
        XCTAssertEqual(original.values, [])
        XCTAssertEqual(copy.values, [1, 2])
    }
}
