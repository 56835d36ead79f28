import XCTest
import CustomCombine
final class SmokeTests: XCTestCase { func testPassthrough() { var r: [Int] = []; let s = PassthroughSubject<Int, Never>(); let c = s.sink { r.append($0) }; s.send(1); XCTAssertEqual(r, [1]); c.cancel() } }
