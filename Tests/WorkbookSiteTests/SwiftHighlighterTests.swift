import XCTest

@testable import WorkbookSite

final class SwiftHighlighterTests: XCTestCase {
    func testKeywordsStringsCommentsAndInterpolations() {
        let lines = SwiftHighlighter.lines(
            of: "let x = \"a \\(b) <c>\" // note\n@MainActor func f() { 42 }\n")
        XCTAssertEqual(
            lines,
            [
                #"<span class="tok-keyword">let</span> x = <span class="tok-string">&quot;a \(</span>b<span class="tok-string">) &lt;c&gt;&quot;</span> <span class="tok-comment">// note</span>"#,
                #"@<span class="tok-attribute">MainActor</span> <span class="tok-keyword">func</span> f() { <span class="tok-number">42</span> }"#,
            ])
    }
}
