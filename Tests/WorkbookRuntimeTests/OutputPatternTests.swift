import WorkbookRuntime
import XCTest

final class OutputPatternTests: XCTestCase {
    func testExactLinesMatch() {
        XCTAssertTrue(OutputPattern("a\nb\n").matches("a\nb\n"))
        XCTAssertFalse(OutputPattern("a\nb\n").matches("a\nc\n"))
        XCTAssertFalse(OutputPattern("a\n").matches("a\nb\n"))
    }

    func testWildcardLineMatchesZeroOrMoreLines() {
        let pattern = OutputPattern("start\n...\nend\n")
        XCTAssertTrue(pattern.matches("start\nend\n"))
        XCTAssertTrue(pattern.matches("start\nx\ny\nend\n"))
        XCTAssertFalse(pattern.matches("start\nx\n"))
    }

    func testWildcardInsideALineMatchesAnyRunOfCharacters() {
        let pattern = OutputPattern("id: 0x...!\n")
        XCTAssertTrue(pattern.matches("id: 0x7ff3a!\n"))
        XCTAssertTrue(pattern.matches("id: 0x!\n"))
        XCTAssertFalse(pattern.matches("id: 0x7ff3a?\n"))
        XCTAssertFalse(pattern.matches("id: 0x1!\nmore\n"))
    }

    func testMismatchNamesTheFirstDifferingLine() {
        let explanation = OutputPattern("a\n...\nz\n").explainMismatch("a\nb\nc\n")
        XCTAssertTrue(explanation.contains("expected: z"), explanation)
        XCTAssertTrue(explanation.contains("actual:   c"), explanation)
        XCTAssertTrue(explanation.contains("+++ actual\n  a\n  b\n  c"), explanation)
    }
}
