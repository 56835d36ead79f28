import Foundation
import WorkbookContract
import XCTest

@testable import WorkbookEngine

/// `workbook test --update` given what an example can print and what a chapter can be: each
/// update either writes what the checker reads back as exactly the printed text, or refuses
/// at the block's line and writes nothing (issue 20, items 13 and 14).
final class AdversarialOutputUpdateTests: XCTestCase {
    private let path = "Chapters/01-a.md"
    private let prose = "# A\n\n```swift example\nprint(1)\n```\n\n"
    private let next = "\n```swift example=b\nprint(2)\n```\n\n```output\n2\n```\n"

    /// A chapter whose output block (line 7) is fenced by `fence`, followed by another example.
    private func chapter(_ body: String, fence: String = "```") -> String {
        prose + fence + "output\n" + body + fence + "\n" + next
    }

    /// What the checker reads back: the text of each output block, by line.
    private func outputs(of text: String) throws -> [Int: String] {
        var found: [Int: String] = [:]
        for case .output(let block) in try ChapterExtractor.items(of: text, path: path) {
            found[block.fenceLine] = block.text
        }
        return found
    }

    private func update(_ text: String, to actual: String) throws -> String {
        try OutputUpdate.rewrite(
            text, path: path, mismatches: [.init(fenceLine: 7, actual: actual)]
        )
        .text
    }

    // MARK: Item 13: printed fences and control characters

    func testAPrintedFenceLengthensTheBlocksFenceAndReadsBackIdentically() throws {
        for printed in ["```\n", "````\n", "   ```   \n", "~~~\n", "``` not a fence\n"] {
            for fence in ["```", "~~~", "~~~~"] {
                let actual = "before\n" + printed + "after\n"
                let text = try update(chapter("old\n", fence: fence), to: actual)
                let read = try outputs(of: text)
                XCTAssertEqual(read[7], actual, "printed \(printed.debugDescription) in \(fence)")
                XCTAssertEqual(read.count, 2, "the next example's block disappeared:\n\(text)")
                XCTAssertEqual(read.values.filter { $0 == "2\n" }.count, 1, text)
            }
        }
    }

    func testTheFenceIsLengthenedOnlyAsFarAsNeeded() throws {
        let text = try update(chapter("old\n"), to: "````\n")
        XCTAssertEqual(text, prose + "`````output\n````\n`````\n" + next)
        XCTAssertEqual(try update(chapter("old\n"), to: "~~~~\n"), chapter("~~~~\n"))
    }

    func testAControlCharacterIsRefusedAtTheBlocksLine() throws {
        for printed in ["a\rb\n", "line\r\n", "bell\u{07}\n", "nul\u{0}\n", "del\u{7F}\n"] {
            XCTAssertThrowsError(try update(chapter("old\n"), to: printed)) { error in
                let message = "\(error)"
                XCTAssertTrue(message.contains("\(self.path):7:"), message)
                XCTAssertTrue(message.contains("control character"), message)
            }
        }
        // A tab is text, written as printed.
        XCTAssertEqual(try outputs(of: update(chapter("old\n"), to: "a\tb\n"))[7], "a\tb\n")
    }

    func testAPrintedWildcardLineIsRefusedNotWrittenAsAWildcard() throws {
        // Written as printed, `...` would read back as "any lines, or none": the block
        // would pass whatever the example printed from then on.
        XCTAssertThrowsError(try update(chapter("old\n"), to: "a\n...\nb\n")) { error in
            let message = "\(error)"
            XCTAssertTrue(message.contains("\(self.path):7:"), message)
            XCTAssertTrue(message.contains("only `...`"), message)
        }
        // A `...` the author wrote, kept where it still matches, is not a printed one.
        XCTAssertEqual(
            try outputs(of: update(chapter("a\n...\nz\n"), to: "a\nb\nc\ny\n"))[7],
            "a\n...\ny\n")
    }

    // MARK: Item 14: symbolic links, modes and byte order marks

    func testAChapterBehindASymbolicLinkIsUpdatedInPlaceKeepingItsMode() throws {
        let original = chapter("old\n")
        let root = try Fixtures.temporaryWorkbook(
            ["Real/01-a.md": Data(original.utf8), "Chapters/.keep": Data()], for: self)
        let real = root.appendingPathComponent("Real/01-a.md")
        let link = root.appendingPathComponent(path)
        try FileManager.default.createSymbolicLink(
            atPath: link.path, withDestinationPath: "../Real/01-a.md")
        XCTAssertEqual(chmod(real.path, 0o640), 0)

        try OutputUpdate.rewriteFile(
            chapter: XCTUnwrap(WorkbookLoader(root: root).chapters().first), root: root,
            mismatches: [.init(fenceLine: 7, actual: "new\n")])

        XCTAssertEqual(
            try FileManager.default.destinationOfSymbolicLink(atPath: link.path),
            "../Real/01-a.md", "the link was replaced")
        XCTAssertEqual(try String(contentsOf: real, encoding: .utf8), chapter("new\n"))
        let mode = try FileManager.default.attributesOfItem(atPath: real.path)[.posixPermissions]
        XCTAssertEqual((mode as? NSNumber)?.intValue, 0o640)
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(
                atPath: real.deletingLastPathComponent().path),
            ["01-a.md"], "a temporary file was left behind")
    }

    func testAChapterStartingWithAByteOrderMarkIsUpdatedThroughASession() throws {
        let original = "\u{FEFF}" + chapter("old\n")
        let root = try Fixtures.temporaryWorkbook([path: Data(original.utf8)], for: self)
        let session = try OutputUpdate.Session(
            root: root, chapters: WorkbookLoader(root: root).chapters())
        let outcome = session.apply([
            OutputCheckRecord(file: path, line: 7, actual: "new\n", matched: false)
        ])
        XCTAssertEqual(outcome.refused, [])
        let written = try Data(contentsOf: root.appendingPathComponent(path))
        XCTAssertEqual(written, Data(("\u{FEFF}" + chapter("new\n")).utf8))
    }
}
