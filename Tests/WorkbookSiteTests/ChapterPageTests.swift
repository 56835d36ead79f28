import Foundation
import XCTest

@testable import WorkbookEngine
@testable import WorkbookSite

/// What a chapter's page says about its listings: never a pass the results do not hold.
final class ChapterPageTests: XCTestCase {
    private let chapter = """
        # 01. A chapter

        Some *prose* and a [link](02-next.md#the-end).

        ## An example

        ```swift example
        let values = [1, 2]
        for value in values {
            print(value)
        }
        ```

        ```output quiz
        1
        2
        ```

        <!-- swift
        let hiddenHelper = 1
        -->

        ## Tests

        ```swift test
        func testOne() {
            XCTAssertEqual(1, 2)
        }
        ```

        """
    private let next = "# 02. Next\n\n## The end\n\nDone.\n"

    private func fixture() throws -> SiteFixture {
        try SiteFixture(chapters: ["01-a.md": chapter, "02-next.md": next])
    }

    func testWithNoResultsEveryListingSaysNotRunYetAndNothingPassed() throws {
        let fixture = try fixture()
        defer { fixture.remove() }
        try WorkbookSite(root: fixture.root, results: RecordedResults()).build(to: fixture.site)
        let page = try fixture.page("01-a.html")
        XCTAssertTrue(page.contains("not run yet"))
        XCTAssertFalse(page.contains("verdict-passed"), "a site with no run shows no pass")
        XCTAssertTrue(page.contains("Not run yet"))
        let status = try fixture.page("status.html")
        XCTAssertTrue(status.contains("Not run yet"))
    }

    func testAFailureShowsAtItsLineWithItsMessage() throws {
        let fixture = try fixture()
        defer { fixture.remove() }
        let digest = ChapterDigest.of(
            try Data(contentsOf: fixture.root.appendingPathComponent("Chapters/01-a.md")))
        let results = try SiteFixture.results(
            """
            {"chapters": [{"number": "01", "file": "Chapters/01-a.md", "digest": "\(digest)",
              "implementation": "opencombine", "finished": "2026-11-26T18:00:00Z", "buildErrors": [],
              "tests": [
                {"name": "test_an_example", "line": 8, "outcome": "passed", "failures": [],
                 "observations": [], "duration": 0.5},
                {"name": "testOne", "line": 26, "outcome": "failed", "duration": 0.25,
                 "failures": [{"file": "Chapters/01-a.md", "line": 27,
                               "message": "XCTAssertEqual failed: (\\"1\\") is not equal to (\\"2\\")"}],
                 "observations": []}]}]}
            """)
        try WorkbookSite(root: fixture.root, results: results).build(to: fixture.site)
        let page = try fixture.page("01-a.html")
        let line = try XCTUnwrap(page.range(of: #"id="L27""#))
        let rest = page[line.upperBound...]
        let note = try XCTUnwrap(rest.range(of: #"<span class="note note-failure""#))
        XCTAssertFalse(
            rest[..<note.lowerBound].contains("code-line"), "the message follows line 27")
        XCTAssertTrue(page.contains("is not equal to (&quot;2&quot;)"))
        XCTAssertTrue(page.contains(#"verdict verdict-failed"#))
        XCTAssertTrue(page.contains(#"verdict verdict-passed"#))
        XCTAssertTrue(page.contains("OpenCombine 0.14 (Linux)"))
        XCTAssertTrue(page.contains("1 passed, 1 failed"))
    }

    func testAChapterEditedSinceItsRunShowsNoVerdict() throws {
        let fixture = try fixture()
        defer { fixture.remove() }
        let results = try SiteFixture.results(
            """
            {"chapters": [{"number": "01", "file": "Chapters/01-a.md", "digest": "0",
              "implementation": "opencombine", "finished": "2026-11-26T18:00:00Z", "buildErrors": [],
              "tests": [{"name": "testOne", "line": 28, "outcome": "passed", "failures": [],
                         "observations": [], "duration": 0.5}]}]}
            """)
        try WorkbookSite(root: fixture.root, results: results).build(to: fixture.site)
        let page = try fixture.page("01-a.html")
        XCTAssertFalse(page.contains("verdict-passed"))
        XCTAssertTrue(page.contains("not run since the chapter changed"))
    }

    func testAQuizHidesItsRecordedAnswerBehindADisclosure() throws {
        let fixture = try fixture()
        defer { fixture.remove() }
        try WorkbookSite(root: fixture.root, results: RecordedResults()).build(to: fixture.site)
        let page = try fixture.page("01-a.html")
        let quiz = try XCTUnwrap(page.range(of: #"<section class="quiz"#))
        let details = try XCTUnwrap(page.range(of: "<details class=\"quiz-answer\">"))
        let answer = try XCTUnwrap(page.range(of: "<code>1\n2\n</code>"))
        XCTAssertLessThan(quiz.lowerBound, details.lowerBound)
        XCTAssertLessThan(
            details.lowerBound, answer.lowerBound, "the answer is inside the disclosure")
        XCTAssertEqual(page.components(separatedBy: "<code>1\n2\n</code>").count, 2, "shown once")
        let index = try fixture.page("search-index.js")
        XCTAssertFalse(index.contains("1 2 "), "the search index does not give the answer away")
    }

    func testProseLinksHeadingsAndHiddenBlocks() throws {
        let fixture = try fixture()
        defer { fixture.remove() }
        try WorkbookSite(root: fixture.root, results: RecordedResults()).build(to: fixture.site)
        let page = try fixture.page("01-a.html")
        XCTAssertTrue(page.contains(#"<a href="02-next.html#the-end">link</a>"#))
        XCTAssertTrue(page.contains(#"<h2 id="an-example">"#))
        XCTAssertTrue(page.contains(#"<em>prose</em>"#))
        XCTAssertFalse(page.contains("hiddenHelper"), "hidden blocks stay hidden")
        XCTAssertTrue(page.contains(#"rel="next" href="02-next.html""#))
        XCTAssertTrue(try fixture.page("02-next.html").contains(#"<h2 id="the-end">"#))
    }
}
