import XCTest

@testable import WorkbookEngine

/// Hints are `<details>` blocks whose summary starts with "Hint", wherever CommonMark puts
/// them; anything else folded, and anything in a code block, is not a hint.
final class HintTests: XCTestCase {
    func testHintsInOrderWithTheirBodiesAndLines() {
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
        let hints = Hint.hints(in: text)
        XCTAssertEqual(hints.map(\.title), ["Hint 1: first", "Hint 2: second"])
        XCTAssertEqual(hints.map(\.line), [3, 17])
        XCTAssertEqual(hints.first?.body, "Body *one*.")
        XCTAssertEqual(
            hints.last?.body, "Body two, with code:\n\n```swift ignore\nlet x = 1\n```")
    }

    func testADetailsBlockInsideCodeIsNotAHint() {
        let text = """
            ```html
            <details>
            <summary>Hint 1: shown as code</summary>
            </details>
            ```
            """
        XCTAssertEqual(Hint.hints(in: text), [])
    }

    func testAnUnclosedHintIsNotInventedFromTheRestOfTheChapter() {
        let text = """
            <details>
            <summary>Hint 1: never closed</summary>

            Everything after this.
            """
        XCTAssertEqual(Hint.hints(in: text), [])
    }
}
