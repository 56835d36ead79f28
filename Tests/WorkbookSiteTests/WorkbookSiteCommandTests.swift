import Foundation
import XCTest

@testable import WorkbookEngine
@testable import WorkbookSite

/// `workbook site`'s one engine call (``Workbook/site(_:log:ran:)``): the choices the command
/// line no longer makes, where the site goes and which results it shows.
final class WorkbookSiteCommandTests: XCTestCase {
    private let chapter = """
        # 01. A chapter

        ## Tests

        ```swift test
        func testOne() {
            XCTAssertEqual(1, 2)
        }
        ```

        """

    /// A results file in which chapter 01's test failed.
    private func failedResults(_ fixture: SiteFixture) throws -> String {
        let digest = ChapterDigest.of(
            try Data(contentsOf: fixture.root.appendingPathComponent("Chapters/01-a.md")))
        return """
            {"chapters": [{"number": "01", "file": "Chapters/01-a.md", "digest": "\(digest)",
              "implementation": "opencombine", "finished": "2026-11-26T18:00:00Z",
              "buildErrors": [],
              "tests": [{"name": "testOne", "line": 6, "outcome": "failed", "duration": 0.25,
                         "failures": [], "observations": []}]}]}
            """
    }

    func testWithoutOptionsTheSiteGoesUnderTheBuildFolderWithTheRecordedResults() throws {
        let fixture = try SiteFixture(chapters: ["01-a.md": chapter])
        defer { fixture.remove() }
        let recorded = fixture.root.appendingPathComponent(RecordedResults.path)
        try FileManager.default.createDirectory(
            at: recorded.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(failedResults(fixture).utf8).write(to: recorded)
        let outcome = try Workbook(root: fixture.root).site(SiteRequest())
        let folder = fixture.root.appendingPathComponent(".build/site")
        XCTAssertEqual(outcome.folder.path, folder.path)
        XCTAssertNil(outcome.run)
        XCTAssertTrue(outcome.summary.files.contains("01-a.html"))
        let page = try String(
            contentsOf: folder.appendingPathComponent("01-a.html"), encoding: .utf8)
        XCTAssertTrue(page.contains("verdict verdict-failed"), "the recorded failure is not shown")
    }

    func testTheResultsNamedAreShownAndAnUnreadableFileIsAnError() throws {
        let fixture = try SiteFixture(chapters: ["01-a.md": chapter])
        defer { fixture.remove() }
        let named = fixture.root.appendingPathComponent("ci-results.json")
        try Data(failedResults(fixture).utf8).write(to: named)
        _ = try Workbook(root: fixture.root).site(SiteRequest(out: fixture.site, results: named))
        XCTAssertTrue(try fixture.page("01-a.html").contains("verdict verdict-failed"))
        try Data("not json".utf8).write(to: named)
        XCTAssertThrowsError(
            try Workbook(root: fixture.root).site(SiteRequest(out: fixture.site, results: named))
        ) { error in
            guard case .failed(let message) = error as? WorkbookError else {
                return XCTFail("\(error)")
            }
            XCTAssertTrue(message.hasPrefix("cannot read the results:"), message)
        }
    }
}
