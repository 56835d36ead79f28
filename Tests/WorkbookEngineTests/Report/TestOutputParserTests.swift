import WorkbookEngine
import XCTest

final class TestOutputParserTests: XCTestCase {
    private let output = """
        Test Suite 'Selected tests' started at 2026-01-01 00:00:00.000
        Test Case 'Chapter03Tests.testA' started at 2026-01-01 00:00:00.000
        Test Case 'Chapter03Tests.testA' passed (0.001 seconds)
        Test Case 'Chapter03Tests.test_example' started at 2026-01-01 00:00:00.000
        Chapters/03-subjects.md:41: error: Chapter03Tests.test_example : failed - output does not match the output block
        --- expected
          a
        Test Case 'Chapter03Tests.test_example' failed (0.002 seconds)
        Test Case 'Chapter04Tests.testB' started at 2026-01-01 00:00:00.000
        Chapters/04-x.md:12: error: Chapter04Tests.testB : XCTAssertEqual failed: ("1") is not equal to ("2")
        Test Case 'Chapter04Tests.testB' failed (0.001 seconds)
        Test Case 'Chapter04Tests.testCrash' started at 2026-01-01 00:00:00.000
        Fatal error: boom
        """

    func testPassesFailuresAndCrashes() {
        let parser = TestOutputParser.parse(output)
        XCTAssertEqual(parser.passed, ["Chapter03Tests.testA"])
        XCTAssertEqual(parser.failed, ["Chapter03Tests.test_example", "Chapter04Tests.testB"])
        XCTAssertEqual(parser.crashed, ["Chapter04Tests.testCrash"])
        XCTAssertEqual(parser.failures.map(\.line), [41, 12])
        XCTAssertEqual(
            parser.failures.first?.message,
            "output does not match the output block\n--- expected\n  a")
    }

    func testReportsPerChapterAndTable() throws {
        let files = [
            try ChapterFile(fileName: "03-subjects.md"), try ChapterFile(fileName: "04-x.md"),
        ]
        let reports = ChapterReport.reports(from: TestOutputParser.parse(output), files: files)
        XCTAssertEqual(reports.map(\.passed.count), [1, 0])
        XCTAssertEqual(reports.map(\.failed.count), [1, 2])
        let table = ReportRenderer.render(reports)
        XCTAssertTrue(table.contains("03-subjects.md       1       1"), table)
        XCTAssertTrue(table.contains("1 passed, 3 failed"), table)
        XCTAssertTrue(table.contains("Chapters/04-x.md:12: testB: XCTAssertEqual failed"), table)
        XCTAssertTrue(table.contains("Chapters/04-x.md:1: testCrash: testCrash crashed"), table)
    }
}

final class BuildFailureSummaryTests: XCTestCase {
    func testCompileErrorsAreAttributedToChapters() throws {
        let files = [
            try ChapterFile(fileName: "03-subjects.md"), try ChapterFile(fileName: "04-x.md"),
        ]
        let output = """
            [5/9] Compiling Chapter03Tests Chapter03Tests.swift
            /work/pkg/Chapters/03-subjects.md:12:5: error: cannot find 'foo' in scope
            /work/pkg/Chapters/03-subjects.md:12:5: error: cannot find 'foo' in scope
            Chapters/03-subjects.md:20:1: error: expected '}'
            /work/pkg/Sources/Other.swift:1:1: error: elsewhere
            """
        let errors = BuildFailureSummary.errors(in: output, chapters: files)
        XCTAssertEqual(
            errors[files[0]],
            [
                "Chapters/03-subjects.md:12:5: error: cannot find 'foo' in scope",
                "Chapters/03-subjects.md:20:1: error: expected '}'",
            ])
        XCTAssertNil(errors[files[1]])
        XCTAssertTrue(
            BuildFailureSummary.render(output, chapters: files).contains(
                "03-subjects.md: 2 compile error(s)"))
    }
}
