import CustomCombine
import Dispatch
import XCTest

private final class Counter: @unchecked Sendable {
    @Atomic var count = 0
    @Atomic var names: [String] = []
}

final class AtomicTests: XCTestCase {
    func testReadsTheWrappedValueAndWritesThroughTheProjectedBox() {
        let counter = Counter()
        XCTAssertEqual(counter.count, 0)
        counter.$count.mutate { $0 += 2 }
        counter.$names.mutate { $0.append("a") }
        XCTAssertEqual(counter.count, 2)
        XCTAssertEqual(counter.names, ["a"])
        XCTAssertEqual(counter.$count.value, 2)
    }

    func testConcurrentWritesThroughTheBoxAreNotLost() {
        let counter = Counter()
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            for index in 0..<200 {
                counter.$count.mutate { $0 += 1 }
                if index == 0 { counter.$names.mutate { $0.append("\(worker)") } }
            }
        }
        XCTAssertEqual(counter.count, 1600)
        XCTAssertEqual(counter.names.sorted(), (0..<8).map { "\($0)" })
    }
}
