import Foundation
import XCTest

@testable import WorkbookEngine

/// The workbook's own chapters: expected output never holds a Markdown line number, so
/// an edit above an example never means hand-editing its output block (chapter 13's
/// `debug()` output once did; `debug("label")` names the call site instead).
final class ChapterOutputTests: XCTestCase {
    /// The lines of `chapters`' output blocks that print a call site as `debug()` does
    /// without a label (`function, line N: `), at `file:line`.
    static func lineNumberedOutput(in chapters: [Chapter]) -> [String] {
        var found: [String] = []
        for chapter in chapters {
            for unit in chapter.units {
                guard case .example(_, let outputs) = unit.kind else { continue }
                for output in outputs {
                    let lines = output.text.split(separator: "\n", omittingEmptySubsequences: false)
                    for (offset, line) in lines.enumerated()
                    where line.range(of: #", line [0-9]+: "#, options: .regularExpression) != nil {
                        found.append(
                            "\(chapter.file.relativePath):\(output.fenceLine + 1 + offset): \(line)"
                        )
                    }
                }
            }
        }
        return found
    }

    func testNoOutputBlockHoldsAMarkdownLineNumber() throws {
        let chapters = try WorkbookLoader(root: Fixtures.repository).chapters()
        XCTAssertGreaterThan(chapters.count, 10, "the workbook's chapters were not found")
        XCTAssertEqual(Self.lineNumberedOutput(in: chapters), [])
    }

    func testAnUnlabelledDebugOutputIsCaught() throws {
        let root = try Fixtures.temporaryWorkbook(
            [
                "Chapters/01-a.md": Data(
                    "# A\n\n```swift example\nprint(1)\n```\n\n```output\ntest_a(), line 4: subscription\n```\n"
                        .utf8)
            ], for: self)
        XCTAssertEqual(
            Self.lineNumberedOutput(in: try WorkbookLoader(root: root).chapters()),
            ["Chapters/01-a.md:8: test_a(), line 4: subscription"])
    }
}
