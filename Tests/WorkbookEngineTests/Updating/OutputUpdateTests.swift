import Foundation
import WorkbookContract
import XCTest

@testable import WorkbookEngine

/// Golden tests of `workbook test --update`: only mismatched lines change.
final class OutputUpdateTests: XCTestCase {
    private let prose =
        "# A\n\nSome *prose*  with two spaces.\n\n```swift example\nprint(1)\n```\n\n"

    private func rewrite(_ block: String, actual: String) throws -> OutputUpdate.Rewritten {
        let text = prose + "```output\n" + block + "```\n\nAfter.\n"
        return try OutputUpdate.rewrite(
            text, path: "Chapters/01-a.md", mismatches: [.init(fenceLine: 9, actual: actual)])
    }

    private func chapter(_ block: String) -> String {
        prose + "```output\n" + block + "```\n\nAfter.\n"
    }

    func testAChangedLineIsReplacedAndTheRestKept() throws {
        let result = try rewrite("a\nb\nc\n", actual: "a\nB\nc\n")
        XCTAssertEqual(result.text, chapter("a\nB\nc\n"))
        XCTAssertEqual(result.diff, "Chapters/01-a.md:9: output block updated\n-b\n+B\n")
    }

    func testAWildcardLineIsKept() throws {
        let result = try rewrite("start\n...\nend\n", actual: "start\nx\ny\nfinish\n")
        XCTAssertEqual(result.text, chapter("start\n...\nfinish\n"))
    }

    func testAnInlineWildcardIsKept() throws {
        let result = try rewrite("id 0x...\ncount 1\n", actual: "id 0xBEEF\ncount 2\n")
        XCTAssertEqual(result.text, chapter("id 0x...\ncount 2\n"))
    }

    func testShorterActualOutputRemovesLines() throws {
        let result = try rewrite("a\nb\nc\n", actual: "a\nc\n")
        XCTAssertEqual(result.text, chapter("a\nc\n"))
        XCTAssertEqual(result.diff, "Chapters/01-a.md:9: output block updated\n-b\n")
    }

    func testLongerActualOutputAddsLines() throws {
        let result = try rewrite("a\n", actual: "a\nb\nc\n")
        XCTAssertEqual(result.text, chapter("a\nb\nc\n"))
    }

    func testEmptyBlockIsFilled() throws {
        XCTAssertEqual(try rewrite("", actual: "hello\n").text, chapter("hello\n"))
    }

    func testALineThatIsNotAnOutputFenceIsRefused() throws {
        XCTAssertThrowsError(
            try OutputUpdate.rewrite(
                chapter("a\n"), path: "Chapters/01-a.md",
                mismatches: [.init(fenceLine: 5, actual: "b\n")]))
    }

    func testTwoBlocksAreRewrittenWithoutMovingEachOther() throws {
        let text =
            "# A\n\n```swift example\n```\n\n```output\na\n```\n\n```swift example=b\n```\n\n```output\nx\n```\n"
        let result = try OutputUpdate.rewrite(
            text, path: "Chapters/01-a.md",
            mismatches: [
                .init(fenceLine: 6, actual: "a\nb\n"), .init(fenceLine: 13, actual: "y\n"),
            ])
        XCTAssertEqual(
            result.text,
            "# A\n\n```swift example\n```\n\n```output\na\nb\n```\n\n```swift example=b\n```\n\n```output\ny\n```\n"
        )
    }

    func testRewritingAFileIsAtomicAndRefusesAChapterEditedDuringTheRun() throws {
        let original = chapter("a\nb\n")
        let root = try Fixtures.temporaryWorkbook(
            ["Chapters/01-a.md": Data(original.utf8)], for: self)
        let url = root.appendingPathComponent("Chapters/01-a.md")
        let mismatch = OutputUpdate.Mismatch(fenceLine: 9, actual: "a\nc\n")
        let loaded = try XCTUnwrap(WorkbookLoader(root: root).chapters().first)

        let edited = original.replacingOccurrences(of: "After.", with: "Edited meanwhile.")
        try Data(edited.utf8).write(to: url)
        XCTAssertThrowsError(
            try OutputUpdate.rewriteFile(
                chapter: loaded, root: root, mismatches: [mismatch])
        ) { error in
            XCTAssertTrue("\(error)".contains("changed on disk after the run began"), "\(error)")
        }
        XCTAssertEqual(try String(contentsOf: url, encoding: .utf8), edited)

        try Data(original.utf8).write(to: url)
        let rewritten = try OutputUpdate.rewriteFile(
            chapter: loaded, root: root, mismatches: [mismatch])
        XCTAssertEqual(rewritten?.diff, "Chapters/01-a.md:9: output block updated\n-b\n+c\n")
        XCTAssertEqual(try String(contentsOf: url, encoding: .utf8), chapter("a\nc\n"))
        let names = try FileManager.default.contentsOfDirectory(
            atPath: root.appendingPathComponent("Chapters").path)
        XCTAssertEqual(names, ["01-a.md"])
    }

    /// The update rewrites the text the loader read, whose lines the model's blocks name: a
    /// chapter saved after it was read (here before the session begins) is refused, never
    /// rewritten from a mix of the two versions.
    func testASessionRefusesAChapterSavedAfterItWasLoaded() throws {
        let original = chapter("a\nb\n")
        let root = try Fixtures.temporaryWorkbook(
            ["Chapters/01-a.md": Data(original.utf8)], for: self)
        let url = root.appendingPathComponent("Chapters/01-a.md")
        let loaded = try WorkbookLoader(root: root).chapters()
        let edited = original.replacingOccurrences(of: "After.", with: "Saved after loading.")
        try Data(edited.utf8).write(to: url)

        let session = OutputUpdate.Session(root: root, chapters: loaded)
        let outcome = session.apply([
            OutputCheckRecord(file: "Chapters/01-a.md", line: 9, actual: "a\nc\n", matched: false)
        ])
        XCTAssertEqual(outcome.rewritten, [])
        XCTAssertEqual(
            outcome.refused.map(\.description),
            [
                "Chapters/01-a.md:1: error: chapter changed on disk after the run began; not "
                    + "updated (run again)"
            ])
        XCTAssertEqual(try String(contentsOf: url, encoding: .utf8), edited)
    }

    func testAnOutputBlockInAListOrSplitInTwoIsRefusedNotMangled() throws {
        let listed = "# A\n\n```swift example\n```\n\n- ```output\n  a\n  ```\n"
        XCTAssertThrowsError(
            try OutputUpdate.rewrite(
                listed, path: "Chapters/01-a.md", mismatches: [.init(fenceLine: 6, actual: "b\n")]))
        let split = "# A\n\n```swift example\n```\n\n```output\na\n```\n\n```output\nb\n```\n"
        XCTAssertThrowsError(
            try OutputUpdate.rewrite(
                split, path: "Chapters/01-a.md", mismatches: [.init(fenceLine: 6, actual: "a\nc\n")]
            ))
    }
}
