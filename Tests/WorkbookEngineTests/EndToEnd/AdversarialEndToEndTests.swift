import Foundation
import XCTest

/// `workbook test` on chapters written to fool it (issue 20), built and run for real: the
/// verdicts come from XCTest's structured record of each test (through the runtime's
/// observer), never from what a test prints, and a chapter's code cannot replace the
/// runtime's checks or break the code generated around it.
final class AdversarialEndToEndTests: XCTestCase {
    private static let generatedCode = """
        # Code around the blocks

        ```swift
        class XCTestCase {}
        ```

        ## Escape

        ```swift example
        print("\\u{1B}[1mbold\\u{1B}[0m")
        ```

        ```output
        \u{1B}[1mbold\u{1B}[0m
        ```

        """

    private static let plain = """
        # Plain

        ```swift test
        func testPlain() {
            XCTAssertTrue(true)
        }
        ```

        """

    private func line(of needle: String, in text: String) -> Int {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        return (lines.firstIndex { $0.contains(needle) } ?? -1) + 1
    }

    private func workbook(_ chapters: [String: String]) throws -> URL {
        let root = try Fixtures.buildableCopy(of: "runner", for: self)
        let folder = root.appendingPathComponent("Chapters")
        try FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, text) in chapters {
            try Data(text.utf8).write(to: folder.appendingPathComponent(name))
        }
        return root
    }

    /// Items 1, 3, 10 and 11 of issue 20.
    func testVerdictsComeFromXCTestsRecordNotFromPrintedText() throws {
        let root = try workbook([AdversarialChapter.fileName: AdversarialChapter.text])
        let run = try runWorkbook(["test", "--root", root.path, "--timeout", "20", "--verbose"])
        let out = run.standardOutput
        XCTAssertEqual(run.status, 1, out + run.standardError)
        let expected = [
            // A printed "passed" line is not a pass.
            "Chapters/01-fooling.md:\(AdversarialChapter.line(of: "XCTFail(\"really failed\")")): testPrintsAFakePass: really failed",
            // A skip whose process then dies by a signal is a crash.
            "Chapters/01-fooling.md:\(AdversarialChapter.line(of: "func testSkipsThenDies")): testSkipsThenDies: crashed:",
            // Output without a newline moves no failure.
            "Chapters/01-fooling.md:\(AdversarialChapter.line(of: "XCTFail(\"at this line\")")): testNoNewlineThenFails: at this line",
            // The crash is read from the backtrace, not from an earlier failure's text.
            "Chapters/01-fooling.md:\(AdversarialChapter.line(of: "_ = values[1]")): testCrashAfterAMisleadingFailure: crashed: Fatal error: Index out of range",
            // A test that exits in the middle, after printing XCTest's "passed" line.
            "Chapters/01-fooling.md:\(AdversarialChapter.line(of: "func testExitsMidway")): testExitsMidway: crashed: the test process exited with status 0 before the test finished",
            // A chapter's own `assertOutput` does not replace the runtime's check.
            "Chapters/01-fooling.md:\(AdversarialChapter.line(of: "```output")): test_shadowed_check: output does not match",
            "01-fooling.md       1       6        0",
        ]
        for line in expected {
            XCTAssertTrue(out.contains(line), "missing:\n\(line)\nin:\n\(out)")
        }
    }

    /// Item 15 of issue 20: a class named `XCTestCase` and an escape character in an output
    /// block compile and run in their chapter; the other chapter runs beside them.
    func testChapterCodeCannotBreakTheGeneratedFile() throws {
        let root = try workbook(["01-generated.md": Self.generatedCode, "02-plain.md": Self.plain])
        let junit = root.appendingPathComponent("report.xml")
        let run = try runWorkbook(["test", "--root", root.path, "--junit", junit.path])
        let out = run.standardOutput
        XCTAssertEqual(run.status, 0, out + run.standardError)
        XCTAssertTrue(out.contains("01-generated.md       1       0        0"), out)
        XCTAssertTrue(out.contains("02-plain.md           1       0        0"), out)
        try JUnitSchema.assertValidIfPossible(junit)
    }
}
