import Foundation
import XCTest

@testable import WorkbookEngine

/// The pictures of a chapter that was renamed or deleted (issue 30): `check` names each one
/// and `generate` removes it, but never a picture without the generated header, and never
/// one of a chapter a test run leaves alone because it is invalid.
final class StalePictureTests: XCTestCase {
    private let chapter =
        "# A\n\n## Lanes\n\n```swift example\nlet s = 1\n```\n\n```marble\na  ^1|\n```\n\n"
        + "![lane a gets 1](diagrams/01-a.test_lanes.svg)\n"
    private let picture = "Chapters/diagrams/01-a.test_lanes.svg"
    private let mine = "Chapters/diagrams/01-a.mine.svg"

    private func generatedWorkbook() throws -> (WorkbookLoader, URL) {
        let root = try Fixtures.temporaryWorkbook(
            [
                "Chapters/01-a.md": Data(chapter.utf8),
                "Chapters/02-b.md": Data("# B\n".utf8),
                mine: Data("<svg/>\n".utf8),
            ], for: self)
        let loader = WorkbookLoader(root: root)
        try loader.generate(loader.chapters())
        XCTAssertTrue(
            FileManager.default.fileExists(atPath: root.appendingPathComponent(picture).path))
        return (loader, root)
    }

    private func problems(_ loader: WorkbookLoader) throws -> [String] {
        loader.problems(of: try loader.chapters()).map(\.description)
    }

    private func exists(_ path: String, in root: URL) -> Bool {
        FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path)
    }

    /// `check` names the old picture, `generate` removes it and leaves the hand-written one,
    /// and `check` is green then.
    private func assertReportedThenRemoved(
        _ loader: WorkbookLoader, _ root: URL, line: UInt = #line
    ) throws {
        let found = try problems(loader)
        XCTAssertTrue(
            found.contains(
                "\(picture):1: error: generated file has no chapter; run `swift run workbook generate`"
            ), "\(found)", line: line)
        try loader.generate(loader.chapters())
        XCTAssertFalse(exists(picture, in: root), line: line)
        XCTAssertTrue(
            exists(mine, in: root), "a picture without the header is never removed", line: line)
        XCTAssertEqual(try problems(loader), [], line: line)
    }

    func testTheOldPicturesOfARenamedChapterAreReportedAndRemoved() throws {
        let (loader, root) = try generatedWorkbook()
        let renamed = chapter.replacingOccurrences(
            of: "diagrams/01-a.", with: "diagrams/01-renamed.")
        try FileManager.default.removeItem(at: root.appendingPathComponent("Chapters/01-a.md"))
        try Data(renamed.utf8).write(to: root.appendingPathComponent("Chapters/01-renamed.md"))
        try assertReportedThenRemoved(loader, root)
        XCTAssertTrue(exists("Chapters/diagrams/01-renamed.test_lanes.svg", in: root))
    }

    func testThePicturesOfADeletedChapterAreReportedAndRemoved() throws {
        let (loader, root) = try generatedWorkbook()
        try FileManager.default.removeItem(at: root.appendingPathComponent("Chapters/01-a.md"))
        try assertReportedThenRemoved(loader, root)
    }

    func testARunWithoutAnInvalidChapterKeepsItsPictures() throws {
        let (loader, root) = try generatedWorkbook()
        let valid = try loader.chapters().filter { $0.file.fileName != "01-a.md" }
        try WorkbookGenerator(root: root).generate(
            valid, leavingAlone: [try ChapterFile(fileName: "01-a.md")])
        XCTAssertTrue(exists(picture, in: root), "the invalid chapter's picture waits for it")
    }
}
