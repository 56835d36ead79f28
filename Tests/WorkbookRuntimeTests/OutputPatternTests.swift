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
        XCTAssertTrue(explanation.contains("expected: \"z\""), explanation)
        XCTAssertTrue(explanation.contains("actual:   \"c\""), explanation)
        XCTAssertTrue(
            explanation.hasSuffix("+++ actual\n@@ -1,3 +1,3 @@\n a\n b\n-\"z\"\n+\"c\""),
            explanation)
        let changed = OutputPattern("a\n...\nz\n").explainMismatch("a\nb\ny\n")
        XCTAssertTrue(changed.hasSuffix(" a\n b\n-\"z\"\n+\"y\""), changed)
        let covered = OutputPattern("a\n...\nz\n").explainMismatch("a\nb\nc\nz\nextra\n")
        XCTAssertTrue(covered.hasSuffix(" a\n b\n c\n z\n+\"extra\""), covered)
        let inside = OutputPattern("a\nb\nc\n").explainMismatch("a\nx\nc\n")
        XCTAssertTrue(inside.hasSuffix(" a\n-\"b\"\n+\"x\"\n c"), inside)
    }

    func testInvisibleDifferencesAreMadeVisible() {
        let trailing = OutputPattern("a\nb\n").explainMismatch("a\t \nb\n\n")
        XCTAssertTrue(trailing.contains("actual:   \"a→·\""), trailing)
        XCTAssertTrue(trailing.contains("-\"a\"\n+\"a→·\"\n b\n+\"\""), trailing)
        let missing = OutputPattern("a\n\n").explainMismatch("a\n")
        XCTAssertTrue(missing.contains("actual:   (end of output)"), missing)
        XCTAssertTrue(missing.contains(" a\n-\"\""), missing)
    }
}

final class OutputPatternSizeTests: XCTestCase {
    /// An example printing 40,000 lines: the matcher once recursed per printed line and
    /// crashed the test process ("Bad pointer dereference") instead of reporting.
    func testAnExamplePrintingManyLinesIsMatchedAndExplained() {
        let printed = (1...40_000).map { "line \($0)\n" }.joined()
        XCTAssertTrue(OutputPattern("line 1\n...\nline 40000\n").matches(printed))
        let pattern = OutputPattern("line 1\nline 2\n")
        XCTAssertFalse(pattern.matches(printed))
        XCTAssertTrue(
            pattern.explainMismatch(printed).contains("unexpected extra output at line 3"))
    }
}
