import Foundation
import XCTest

@testable import WorkbookEngine

/// The ```` ```marble ```` block through the engine: found, tied to its example, generated
/// as a check of the example's `timeline`, listed, refused when malformed, and promoted.
final class MarbleBlockTests: XCTestCase {
    private let example =
        "# A\n\n## Lanes\n\n```swift example\nlet s = PassthroughSubject<Int, Never>()\n```\n\n"

    private func chapters(_ text: String) throws -> [Chapter] {
        let root = try Fixtures.temporaryWorkbook(["Chapters/01-a.md": Data(text.utf8)], for: self)
        return try WorkbookLoader(root: root).chapters()
    }

    private func diagnostics(_ text: String) throws -> [String] {
        try Fixtures.loadingProblems(["Chapters/01-a.md": Data(text.utf8)], for: self)
    }

    func testAMarbleBlockChecksItsExamplesTimelineAtItsLine() throws {
        let chapter = try XCTUnwrap(chapters(example + "```marble\na  ^1|\n```\n").first)
        guard case .example(let test, let checks) = try XCTUnwrap(chapter.units.last).kind else {
            return XCTFail("the example is not a unit of its own")
        }
        XCTAssertEqual(test.name, "test_lanes")
        XCTAssertEqual(checks, [OutputBlock(text: "a  ^1|\n", fenceLine: 9, kind: .marble)])

        let source = SwiftGenerator.source(for: chapter)
        XCTAssertTrue(
            source.contains("        let timeline = WorkbookTimelines.Timeline()\n"), source)
        XCTAssertTrue(source.contains("import WorkbookRuntime\nimport WorkbookTimelines\n"), source)
        XCTAssertTrue(
            source.contains(
                """
                assertDiagram(
                                timeline.diagram,
                """), source)
        XCTAssertTrue(source.contains("file: \"Chapters/01-a.md\", line: 9)"), source)
        XCTAssertFalse(source.contains("OutputCapture"), "a marble block captures no output")
    }

    func testAnOutputAndAMarbleBlockBothCheckOneExample() throws {
        let chapter = try XCTUnwrap(
            chapters(example + "```output\nhi\n```\n\n```marble\na  ^|\n```\n").first)
        let source = SwiftGenerator.source(for: chapter)
        XCTAssertTrue(source.contains("let capture = try WorkbookRuntime.OutputCapture()"), source)
        XCTAssertTrue(source.contains("line: 9)"), "the output check, at its block")
        XCTAssertTrue(source.contains("timeline.diagram"), source)
        XCTAssertTrue(source.contains("line: 13)"), "the marble check, at its block")
    }

    func testWorkbookListShowsTheMarbleBlockWithItsRole() throws {
        let listing = ChapterListing.render(try chapters(example + "```marble\na  ^|\n```\n"))
        XCTAssertTrue(
            listing.contains("  line 5: example\n  line 9: marble, checks example test_lanes\n"),
            listing)
    }

    func testAMarbleBlockWithoutAnExampleIsAnError() throws {
        let found = try diagnostics(
            "# A\n\n```swift test\nfunc testA() {}\n```\n\n```marble\na  ^|\n```\n")
        XCTAssertEqual(found.count, 1)
        XCTAssertTrue(
            try XCTUnwrap(found.first).hasPrefix(
                "Chapters/01-a.md:7: error: marble block has no example"),
            "\(found)")
    }

    func testASecondMarbleBlockForOneExampleIsAnError() throws {
        let found = try diagnostics(example + "```marble\na  ^|\n```\n\n```marble\nb  ^|\n```\n")
        XCTAssertEqual(found.count, 1)
        XCTAssertTrue(
            try XCTUnwrap(found.first).hasPrefix(
                "Chapters/01-a.md:13: error: this example already has a marble block (line 9)"),
            "\(found)")
    }

    func testAMarbleBlockTakesObservedOnAndNothingElse() throws {
        let found = try diagnostics(example + "```marble recorded\na  ^|\n```\n")
        XCTAssertEqual(found.count, 1)
        XCTAssertTrue(
            try XCTUnwrap(found.first).hasPrefix(
                "Chapters/01-a.md:9: error: a marble block takes one attribute, observed-on=IMPLEMENTATION"
            ),
            "\(found)")
        XCTAssertEqual(
            try diagnostics(example + "```marble observed-on=opencombine\na  ^|\n```\n"), [])
    }

    func testAMarbleBlockObservedOnOneImplementationIsAnObservationElsewhere() throws {
        let chapter = try XCTUnwrap(
            chapters(example + "```marble observed-on=opencombine\na  ^|\n```\n").first)
        let source = SwiftGenerator.source(for: chapter)
        XCTAssertTrue(source.contains("observedOn: .openCombine,"), source)
    }

    func testUpdatePromotesTheRecordedDiagramAndLeavesTheOutputBlockAlone() throws {
        let text = example + "```output\nhi\n```\n\n```marble\na  ^1|\n```\n"
        let result = try OutputUpdate.rewrite(
            text, path: "Chapters/01-a.md",
            mismatches: [.init(fenceLine: 13, actual: "a  ^12|\nb   ^2|\n")])
        XCTAssertEqual(
            result.text, example + "```output\nhi\n```\n\n```marble\na  ^12|\nb   ^2|\n```\n")
        XCTAssertEqual(
            result.diff, "Chapters/01-a.md:13: marble block updated\n-a  ^1|\n+a  ^12|\n+b   ^2|\n")
    }
}
