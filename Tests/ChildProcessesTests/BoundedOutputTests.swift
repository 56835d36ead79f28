import ChildProcesses
import XCTest

/// The bounded buffer a child's output goes to: the head and the tail kept, the middle
/// counted in bytes and lines.
final class BoundedOutputTests: XCTestCase {
    func testOutputWithinTheLimitIsKeptWhole() {
        var output = BoundedOutput(headLimit: 4, tailLimit: 4)
        output.append(Array("abc\ndef\n".utf8))
        XCTAssertEqual(output.text, "abc\ndef\n")
        XCTAssertEqual(output.omittedBytes, 0)
    }

    func testTheMiddleIsCountedNotKept() {
        var output = BoundedOutput(headLimit: 4, tailLimit: 4)
        for line in ["one\n", "two\n", "three\n", "four\n", "end\n"] {
            output.append(Array(line.utf8))
        }
        // "one\n" | "two\nthree\nfour\n" (15 bytes, 3 lines) | "end\n"
        XCTAssertEqual(
            output.text, "one\n[workbook: 15 bytes (3 lines) of output omitted here]\nend\n")
    }

    func testMemoryStaysBoundedWhateverIsWritten() {
        var output = BoundedOutput(headLimit: 10, tailLimit: 10)
        let line = Array("0123456789\n".utf8)
        for _ in 0..<100_000 { output.append(line) }
        XCTAssertLessThanOrEqual(output.text.utf8.count, 100)
        XCTAssertTrue(output.text.hasPrefix("0123456789\n[workbook: 1099980 bytes (99999 lines)"))
    }
}
