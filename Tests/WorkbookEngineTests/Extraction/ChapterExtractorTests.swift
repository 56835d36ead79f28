import XCTest

@testable import WorkbookEngine

final class ChapterExtractorTests: XCTestCase {
    private func basic() throws -> Chapter {
        try XCTUnwrap(WorkbookLoader(root: Fixtures.workbook("basic")).chapters().first)
    }

    func testRolesInDocumentOrder() throws {
        let roles = try basic().blocks.map(\.role)
        XCTAssertEqual(
            roles,
            [
                .declarations, .test, .example(name: nil), .example(name: "named-one"),
                .test, .test, .test, .example(name: nil), .example(name: nil),
                .excerpt(SourceRegionReference("Sources/Lib/Counter.swift#increment")!), .ignore,
            ])
    }

    func testTestNamesComeFromFunctionsHeadingsAndNames() throws {
        XCTAssertEqual(
            try basic().testNames,
            ["testBox", "test_printing_values", "test_named_one", "testParts", "test_story"])
    }

    func testHiddenBlockJoinsItsGroupWithItsCodeLine() throws {
        let hidden = try basic().blocks.filter(\.isHidden)
        XCTAssertEqual(hidden.count, 1)
        XCTAssertEqual(hidden.first?.group, "parts")
        XCTAssertEqual(hidden.first?.codeLine, 45)
        XCTAssertEqual(hidden.first?.code, "    XCTAssertEqual(box.value, 2)\n")
    }

    func testExampleGroupCollectsAllItsOutputBlocks() throws {
        let story = try basic().units.first { $0.testNames == ["test_story"] }
        guard case .example(_, let outputs)? = story?.kind else {
            return XCTFail("test_story is not an example")
        }
        XCTAssertEqual(outputs.map(\.text), ["one\n", "...\n"])
        XCTAssertEqual(story?.parts.count, 2)
    }

    func testCodeBlockLinesComeFromCmark() {
        let elements = MarkdownParser.elements(of: "# T\n\n```swift test\nlet a = 1\n```\n")
        XCTAssertEqual(
            elements,
            [
                MarkdownElement(
                    kind: .heading(level: 1, text: "T"), literal: "", startLine: 1, endLine: 1),
                MarkdownElement(
                    kind: .codeBlock(
                        info: "swift test", fence: .init(marker: "```", isClosed: true)),
                    literal: "let a = 1\n", startLine: 3,
                    endLine: 5),
            ])
    }

    func testHeadingSlugFollowsGitHub() {
        XCTAssertEqual(HeadingSlug.slug("Printing values!"), "printing-values")
        XCTAssertEqual(HeadingSlug.slug("Use `sink(event:)` now"), "use-sinkevent-now")
    }
}
