import Foundation
import XCTest

@testable import WorkbookEngine

/// A chapter that breaks the code generated around its blocks (issue 20, item 15) is that
/// chapter's compile error, at its Markdown line, never a failure outside the chapters that
/// stops every chapter.
final class AdversarialBuildTests: XCTestCase {
    func testAnErrorInAGeneratedFileIsMappedToItsChapterByTheGeneratorsLineMap() throws {
        let text = "# X\n\nProse.\n\n```swift\nlet a = 1\nlet b = 2\n```\n"
        let root = try Fixtures.temporaryWorkbook(["Chapters/03-x.md": Data(text.utf8)], for: self)
        let chapter = try XCTUnwrap(WorkbookLoader(root: root).chapters().first)
        let file = SwiftGenerator.file(for: chapter)
        let lines = file.contents.split(separator: "\n", omittingEmptySubsequences: false)
        let b = try XCTUnwrap(lines.firstIndex(of: "let b = 2")) + 1
        let after = try XCTUnwrap(lines.lastIndex(of: "#sourceLocation()")) + 1
        let other = try ChapterFile(fileName: "04-y.md")
        // Nothing is on disk: the map, not the generated file, places the errors.
        let generated = "/elsewhere/" + chapter.file.generatedRelativePath
        let output = """
            \(generated):\(after):29: error: 'XCTestCase' is ambiguous for type lookup in this context
            \(generated):\(b):9: error: invalid redeclaration of 'b'
            """
        let maps = [chapter.file: try XCTUnwrap(file.lineMap)]
        let errors = BuildFailureSummary.errors(
            in: output, chapters: [chapter.file, other], lineMaps: maps)
        XCTAssertEqual(
            errors[chapter.file],
            [
                "Chapters/03-x.md:6: error: 'XCTestCase' is ambiguous for type lookup in this context (in the code generated around this chapter's blocks, Tests/Chapters/Chapter03Tests/Chapter03Tests.swift:\(after))",
                "Chapters/03-x.md:7: error: invalid redeclaration of 'b' (in the code generated around this chapter's blocks, Tests/Chapters/Chapter03Tests/Chapter03Tests.swift:\(b))",
            ])
        XCTAssertNil(errors[other])
        XCTAssertFalse(
            BuildFailureSummary.render(errors, chapters: [chapter.file, other])
                .contains("No chapter has compile errors"))
    }

    /// Every line of every block maps to its own chapter line; the generated lines between
    /// blocks map to the block above; those before the first block, to line 1.
    func testTheLineMapPlacesEveryGeneratedLine() {
        var map = LineMap()
        map.add(generatedLine: 10, markdownLine: 6, lineCount: 2)
        map.add(generatedLine: 20, markdownLine: 30, lineCount: 1)
        XCTAssertEqual(
            [1, 9, 10, 11, 12, 19, 20, 21].map(map.markdownLine(forGenerated:)),
            [1, 1, 6, 7, 6, 6, 30, 30])
    }
}
