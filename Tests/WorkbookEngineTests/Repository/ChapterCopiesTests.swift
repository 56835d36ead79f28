import Foundation
import XCTest

/// Code one chapter repeats from another, because each chapter is a module of its own and
/// cannot see the other's declarations. A hidden copy that drifted from the code the reader
/// was taught would test something the chapter never showed.
final class ChapterCopiesTests: XCTestCase {
    private let chapters = Fixtures.repository.appendingPathComponent("Chapters")

    func testChapter8HidesChapter7sSmallReplayBehaviorWordForWord() throws {
        let taught = try declaration("final class SmallReplayBehavior", in: "07-buffer.md")
        let copy = try declaration("final class SmallReplayBehavior", in: "08-buffer-subject.md")
        XCTAssertGreaterThan(taught.count, 20, "chapter 7's SmallReplayBehavior looks truncated")
        XCTAssertEqual(
            copy, taught,
            "Chapters/08-buffer-subject.md's hidden SmallReplayBehavior differs from chapter 7's")
    }

    /// The lines of the declaration that starts with `start`, through its closing brace at
    /// the start of a line.
    private func declaration(_ start: String, in chapter: String) throws -> [Substring] {
        let text = try String(
            contentsOf: chapters.appendingPathComponent(chapter), encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let first = try XCTUnwrap(
            lines.firstIndex { $0.hasPrefix(start) }, "\(start) not found in \(chapter)")
        let last = try XCTUnwrap(
            lines[first...].firstIndex { $0 == "}" }, "\(start) in \(chapter) never closes")
        return Array(lines[first...last])
    }
}
