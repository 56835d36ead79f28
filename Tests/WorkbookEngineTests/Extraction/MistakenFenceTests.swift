import Foundation
import XCTest

@testable import WorkbookEngine

/// A fence that was meant to be a swift, output or marble block but is not one (issue 30):
/// a near miss of the language, or a role's attribute on a language the workbook does not
/// read, is an error at its line rather than prose that checks nothing.
final class MistakenFenceTests: XCTestCase {
    private let example = "# A\n\n```swift example\nprint(1)\n```\n\n"

    private func problems(_ text: String) throws -> [String] {
        try Fixtures.loadingProblems(["Chapters/01-a.md": Data(text.utf8)], for: self)
    }

    func testANearMissOfARoleIsAnErrorAtItsLine() throws {
        for (fence, role) in [
            ("ouput observed-on=opencombine", "output"), ("ouput", "output"),
            ("Outptu", "output"), ("outputs", "output"), ("marbel", "marble"),
            ("marbles", "marble"), ("swfit test", "swift"), ("swft", "swift"),
            ("Swfit example", "swift"), ("swift5", "swift"),
        ] {
            let found = try problems(example + "```\(fence)\n1\n```\n")
            XCTAssertEqual(found.count, 1, fence)
            XCTAssertTrue(
                found.first?.hasPrefix("Chapters/01-a.md:7: error: ```") == true, "\(found)")
            XCTAssertTrue(found.first?.contains("did you mean ```\(role)?") == true, "\(found)")
        }
    }

    func testARolesAttributeOnAnUnknownLanguageIsAnErrorAtItsLine() throws {
        for fence in [
            "text observed-on=opencombine", "txt example", "sh test", "console ignore",
            "text group=parts", "text excerpt=Sources/A/B.swift#r", " observed-on=apple",
            "test", "example=named",
        ] {
            let found = try problems(example + "~~~\(fence)\n1\n~~~\n")
            XCTAssertEqual(found.count, 1, fence)
            XCTAssertTrue(
                found.first?.hasPrefix("Chapters/01-a.md:7: error: ") == true, "\(found)")
            XCTAssertTrue(
                found.first?.contains("is an attribute of swift, output and marble blocks")
                    == true, "\(found)")
        }
    }

    func testOrdinaryBlocksStayProse() throws {
        for fence in [
            "", "text", "sh", "console", "json", "diff", "shell", "bash", "yaml", "xml",
            "python", "input", "table", "mermaid", "markdown", "objc", "c", "text with words",
            "Swift", "OUTPUT", "Marble",
        ] {
            XCTAssertEqual(try problems(example + "```\(fence)\n1\n```\n"), [], fence)
        }
    }

    func testAHiddenBlockWithItsLanguageMisspeltIsAnErrorAndProseCommentsAreNot() throws {
        for header in ["swfit test", "swft", "Swfit group=parts"] {
            let found = try problems(example + "<!-- \(header)\nlet x = 1\n-->\n")
            XCTAssertEqual(found.count, 1, header)
            XCTAssertTrue(
                found.first?.hasPrefix("Chapters/01-a.md:7: error: <!-- ") == true, "\(found)")
            XCTAssertTrue(found.first?.contains("did you mean <!-- swift?") == true, "\(found)")
        }
        for comment in ["Shift the bits", "swiftly done", "TODO"] {
            XCTAssertEqual(
                try problems(example + "<!-- \(comment)\nmore words\n-->\n"), [], comment)
        }
    }

    func testEditDistanceCountsASwapAsOneEdit() {
        XCTAssertEqual(MistakenFence.editDistance(Array("swfit"), Array("swift")), 1)
        XCTAssertEqual(MistakenFence.editDistance(Array("ouput"), Array("output")), 1)
        XCTAssertEqual(MistakenFence.editDistance(Array("table"), Array("marble")), 2)
        XCTAssertEqual(MistakenFence.editDistance(Array(""), Array("abc")), 3)
    }
}
