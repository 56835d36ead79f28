import CustomCombine
import Foundation
import TestSupport
import XCTest

final class UnwrapTests: XCTestCase {
    func testDropsNilsAndUnwrapsTheRest() {
        var values: [Int] = []
        var completions: [Subscribers.Completion<Never>] = []
        let cancellable = [1, 2, nil, 3, nil, 4].publisher.unwrap().sink(
            receiveCompletion: { completions.append($0) }, receiveValue: { values.append($0) })
        XCTAssertEqual(values, [1, 2, 3, 4])
        XCTAssertEqual(completions, [.finished])
        cancellable.cancel()
    }

    func testHonoursDemandAcrossNils() {
        let subject = PassthroughSubject<Int?, Never>()
        var values: [Int] = []
        var subscription: Subscription?
        subject.unwrap().subscribe(
            AnySubscriber<Int, Never>(
                receiveSubscription: {
                    subscription = $0
                    $0.request(.max(2))
                },
                receiveValue: {
                    values.append($0)
                    return .none
                },
                receiveCompletion: { _ in }))
        for value in [1, nil, nil, 2, 3, nil, 4] { subject.send(value) }
        XCTAssertEqual(values, [1, 2])
        subscription?.request(.max(1))
        subject.send(nil)
        subject.send(5)
        subject.send(6)
        XCTAssertEqual(values, [1, 2, 5])
        subscription?.cancel()
    }

    func testFailurePassesThrough() {
        struct Boom: Error {}
        let subject = PassthroughSubject<Int?, Boom>()
        var failed = false
        let cancellable = subject.unwrap().sink(
            receiveCompletion: { if case .failure = $0 { failed = true } }, receiveValue: { _ in })
        subject.send(completion: .failure(Boom()))
        XCTAssertTrue(failed)
        cancellable.cancel()
    }

    func testConcurrentSubscribersEachSeeEveryValueOnce() {
        let delivered = Tally<Int>()
        DispatchQueue.concurrentPerform(iterations: 100) { round in
            let values: [Int?] = (0..<10).map { $0 % 3 == 0 ? nil : round * 10 + $0 }
            let cancellable = values.publisher.unwrap().sink { delivered.append($0) }
            cancellable.cancel()
        }
        let expected = (0..<100).flatMap { round in
            (0..<10).filter { $0 % 3 != 0 }.map { round * 10 + $0 }
        }
        XCTAssertEqual(delivered.values.sorted(), expected)
    }
}
