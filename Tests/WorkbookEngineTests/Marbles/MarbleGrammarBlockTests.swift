import Foundation
import XCTest

@testable import WorkbookEngine

/// Marble blocks the grammar cannot carry (issue 30): no wildcards, no lane name with a
/// space, no lane twice, no value the lanes cannot draw. Each is an error at its Markdown
/// line, so that no block passes, and no picture is drawn, that does not describe a run.
final class MarbleGrammarBlockTests: XCTestCase {
    /// An example at lines 5-7 and a marble block whose fence is line 9.
    private let example =
        "# A\n\n## Lanes\n\n```swift example\nlet s = PassthroughSubject<Int, Never>()\n```\n\n"

    private func problems(_ block: String) throws -> [String] {
        try Fixtures.loadingProblems(
            ["Chapters/01-a.md": Data((example + "```marble\n" + block + "```\n").utf8)],
            for: self)
    }

    private func assertProblem(
        _ block: String, line: Int, _ needle: String, file: StaticString = #filePath,
        line testLine: UInt = #line
    ) throws {
        let found = try problems(block)
        XCTAssertEqual(found.count, 1, "\(found)", file: file, line: testLine)
        XCTAssertTrue(
            found.first?.hasPrefix("Chapters/01-a.md:\(line): error: ") == true, "\(found)",
            file: file, line: testLine)
        XCTAssertTrue(found.first?.contains(needle) == true, "\(found)", file: file, line: testLine)
    }

    func testWildcardsAreRefusedAtTheirLine() throws {
        try assertProblem("...\n", line: 10, "a marble block has no wildcards")
        try assertProblem("a  ^1|\nb  ^...|\n", line: 11, "a marble block has no wildcards")
        try assertProblem("a  ^a|\n   a=x...\n", line: 11, "a marble block has no wildcards")
    }

    func testALaneNameTheGrammarCannotCarryIsRefused() throws {
        try assertProblem("my lane  ^1|\n", line: 10, "must start in column")
        try assertProblem("a  ^1|\n  ^2|\nb  ^1|\n", line: 11, "only the last line")
        try assertProblem("é  ^1|\n", line: 10, "'é' cannot name a lane")
        try assertProblem("a?b  ^1|\n", line: 10, "cannot name a lane")
    }

    func testALaneTwiceIsRefused() throws {
        try assertProblem("a  ^1|\na  ^2|\n", line: 11, "lane 'a' is already drawn (block line 1)")
    }

    func testValuesTheLanesCannotDrawAreRefused() throws {
        try assertProblem("a  ^\t|\n", line: 10, "a lane has spaces only")
        try assertProblem(
            "a  ^.|\n", line: 10, "'.' is not a mark nor a value a lane draws as itself")
        try assertProblem("a  ^=|\n", line: 10, "'=' is not a mark")
        try assertProblem("a  ^a|\n   a=x y\n", line: 11, "the legend lists letter=value")
        try assertProblem("a  ^a|\n   a=\"x\n", line: 11, "never closed")
        try assertProblem("a  ^1|\n\nb  ^1|\n", line: 11, "no blank lines")
    }

    func testBlocksTheTimelineWritesAreAccepted() throws {
        for block in [
            "", "early  ^1-2|\nlate     ^2|\n", "slow   ^a---b!\nslow?  1   1\n       a=10 b=40\n",
            "a  ^ab|\n   a=\"x y\" b=\"line\\none\"\n", "a  ^a|\n   a=\".\\u{2E}\\u{2E}\"\n",
            "lib-late_2  (^|)\n", "a  ^é😀|\n",
        ] {
            XCTAssertEqual(try problems(block), [], block)
        }
    }

    func testThePictureShowsTheNamesAndValuesOfTheBlock() throws {
        let svg = MarbleSVG.source(
            for: "lane-1  ^ab|\n        a=\"x y\" b=\"<1\\n2>\"\n", test: "test_t",
            source: "Chapters/01-a.md")
        XCTAssertTrue(svg.contains(">lane-1</text>"), svg)
        // The legend as the block writes it: a value with a space or a newline in its quotes.
        XCTAssertTrue(svg.contains("a = &quot;x y&quot;, b = &quot;&lt;1\\n2&gt;&quot;"), svg)
        XCTAssertEqual(svg.components(separatedBy: "<circle class=\"marble\"").count - 1, 2, svg)
    }
}
