import Foundation
import XCTest

@testable import WorkbookEngine

final class ExcerptCheckerTests: XCTestCase {
    func testMatchingExcerptIgnoresIndentationAndMarkers() throws {
        let root = Fixtures.workbook("basic")
        let chapter = try XCTUnwrap(WorkbookLoader(root: root).chapters().first)
        XCTAssertEqual(chapter.excerptDrift, [])
    }

    func testDriftIsReportedAtTheDifferingLine() throws {
        let chapter =
            "# A\n\n```swift excerpt=Sources/Lib/A.swift#r\nfunc f() {\n    return 2\n}\n```\n"
        let source =
            "enum E {\n    // snippet.r\n    func f() {\n        return 1\n    }\n    // snippet.end\n}\n"
        let root = try Fixtures.temporaryWorkbook(
            ["Chapters/01-a.md": Data(chapter.utf8), "Sources/Lib/A.swift": Data(source.utf8)],
            for: self)
        let loaded = try XCTUnwrap(WorkbookLoader(root: root).chapters().first)
        XCTAssertEqual(
            loaded.excerptDrift.map(\.description),
            [
                "Chapters/01-a.md:5: error: excerpt differs from Sources/Lib/A.swift#r: expected '    return 1', found '    return 2'"
            ])
    }
}
