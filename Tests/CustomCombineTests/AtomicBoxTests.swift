import CustomCombine
import Dispatch
import XCTest

final class AtomicBoxTests: XCTestCase {
    private enum TestError: Error { case broken }

    func testValueAndMutate() {
        let box = AtomicBox([1])
        let count = box.mutate { array -> Int in
            array.append(2)
            return array.count
        }
        XCTAssertEqual(count, 2)
        XCTAssertEqual(box.value, [1, 2])
    }

    func testMutateRethrowsAndKeepsChangesMadeBeforeTheError() {
        let box = AtomicBox(0)
        XCTAssertThrowsError(
            try box.mutate { value in
                value = 5
                throw TestError.broken
            })
        XCTAssertEqual(box.value, 5)
        // The lock was released despite the error.
        box.mutate { $0 += 1 }
        XCTAssertEqual(box.value, 6)
    }

    func testIsMutatingOnlyInsideMutate() {
        let box = AtomicBox(0)
        XCTAssertFalse(box.isMutating)
        let inside = box.mutate { _ in box.isMutating }
        XCTAssertTrue(inside)
        XCTAssertFalse(box.isMutating)
    }

    func testConcurrentIncrementsAreNotLost() {
        let box = AtomicBox(0)
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<1000 {
                box.mutate { $0 += 1 }
            }
        }
        XCTAssertEqual(box.value, 8000)
    }
}
