import XCTest

@testable import WorkbookEngine

/// Hints are `<details>` blocks whose summary starts with "Hint", wherever CommonMark puts
/// them; anything else folded, and anything in a code block, is not a hint. The extractor
/// finds them in its one reading of the chapter.
final class HintTests: XCTestCase {
    private func hints(in text: String) throws -> [Hint] {
        try ChapterExtractor.items(of: text, path: "Chapters/01-a.md").compactMap {
            if case .hint(let hint) = $0 { hint } else { nil }
        }
    }

    func testHintsInOrderWithTheirBodiesAndLines() throws {
        let text = """
            # Chapter

            <details>
            <summary>Hint 1: first</summary>

            Body *one*.

            </details>

            <details>
            <summary>Not a hint: a folded aside</summary>

            Aside.

            </details>

            <details><summary>Hint 2: second</summary>

            Body two, with code:

            ```swift ignore
            let x = 1
            ```

            </details>
            """
        let hints = try self.hints(in: text)
        XCTAssertEqual(hints.map(\.title), ["Hint 1: first", "Hint 2: second"])
        XCTAssertEqual(hints.map(\.line), [3, 17])
        XCTAssertEqual(hints.first?.body, "Body *one*.")
        XCTAssertEqual(
            hints.last?.body, "Body two, with code:\n\n```swift ignore\nlet x = 1\n```")
    }

    func testADetailsBlockInsideCodeIsNotAHint() throws {
        let text = """
            ```html
            <details>
            <summary>Hint 1: shown as code</summary>
            </details>
            ```
            """
        XCTAssertEqual(try hints(in: text), [])
    }

    func testAnUnclosedHintIsNotInventedFromTheRestOfTheChapter() throws {
        let text = """
            <details>
            <summary>Hint 1: never closed</summary>

            Everything after this.
            """
        XCTAssertEqual(try hints(in: text), [])
    }
}
