import XCTest

@testable import WorkbookEngine

final class ChapterFileTests: XCTestCase {
    func testNameParts() throws {
        let file = try ChapterFile(fileName: "03-writing-subjects.md")
        XCTAssertEqual(file.number, "03")
        XCTAssertEqual(file.slug, "writing-subjects")
        XCTAssertEqual(file.moduleName, "Chapter03Tests")
        XCTAssertEqual(
            file.generatedRelativePath, "Tests/Chapters/Chapter03Tests/Chapter03Tests.swift")
    }

    func testSelectorsByNumberOrSlug() throws {
        let file = try ChapterFile(fileName: "03-writing-subjects.md")
        XCTAssertTrue(file.matches(selector: "03"))
        XCTAssertTrue(file.matches(selector: "3"))
        XCTAssertTrue(file.matches(selector: "writing-subjects"))
        XCTAssertFalse(file.matches(selector: "4"))
        XCTAssertFalse(file.matches(selector: "writing"))
    }
}
