import Foundation
import XCTest

@testable import WorkbookEngine

/// The results `workbook test` keeps for the site: per chapter and implementation, merged.
final class RecordedResultsTests: XCTestCase {
    private func run(_ number: String, _ outcome: TestOutcome) throws -> [ChapterReport] {
        let file = try ChapterFile(fileName: "\(number)-a.md")
        let test = ChapterTest(name: "testOne", line: 3)
        var report = ChapterReport(file: file, declared: [test])
        report.digest = "digest of \(number) as read"
        report.results = [TestResult(test: test, outcome: outcome, duration: 0.5)]
        return [report]
    }

    func testARunReplacesItsChaptersOnItsImplementationAndKeepsTheRest() throws {
        let fixture = try SiteFixture(chapters: ["01-a.md": "# A\n", "02-a.md": "# B\n"])
        defer { fixture.remove() }
        try RecordedResults.record(run("01", .passed), root: fixture.root)
        try RecordedResults.record(run("02", .passed), root: fixture.root)
        setenv("WORKBOOK_COMBINE", "other", 1)
        defer { unsetenv("WORKBOOK_COMBINE") }
        try RecordedResults.record(run("01", .observed), root: fixture.root)
        unsetenv("WORKBOOK_COMBINE")
        try RecordedResults.record(run("01", .failed), root: fixture.root)

        let results = try RecordedResults.load(root: fixture.root)
        let recorded = results.chapters.map {
            "\($0.number) \($0.implementation) \($0.tests.map(\.outcome))"
        }
        let native = RecordedResults.currentImplementation
        XCTAssertEqual(
            Set(recorded),
            [
                "01 \(native) [\"failed\"]", "01 other [\"observed\"]",
                "02 \(native) [\"passed\"]",
            ])
        // The digest of the text the run read, never the file read again as it is recorded.
        XCTAssertEqual(results.chapters.first?.digest, "digest of 01 as read")
    }

    func testNoFileMeansNoResultsAndABrokenFileIsAnError() throws {
        let fixture = try SiteFixture(chapters: ["01-a.md": "# A\n"])
        defer { fixture.remove() }
        XCTAssertEqual(try RecordedResults.load(root: fixture.root), RecordedResults())
        let file = fixture.root.appendingPathComponent(RecordedResults.path)
        try FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("{".utf8).write(to: file)
        XCTAssertThrowsError(try RecordedResults.load(root: fixture.root))
    }
}
