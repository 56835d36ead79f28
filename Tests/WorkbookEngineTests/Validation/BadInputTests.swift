import Foundation
import WorkbookEngine
import XCTest

/// One test per kind of bad input: each must produce `file:line: error: …`.
final class BadInputTests: XCTestCase {
    private func diagnostics(
        _ chapter: String, named name: String = "01-bad.md", extra: [String: Data] = [:]
    ) throws -> [String] {
        var files = extra
        files["Chapters/\(name)"] = Data(chapter.utf8)
        return try diagnostics(files)
    }

    private func diagnostics(_ files: [String: Data]) throws -> [String] {
        let root = try Fixtures.temporaryWorkbook(files, for: self)
        do {
            _ = try WorkbookLoader(root: root).chapters()
            return []
        } catch {
            return error.diagnostics.map(\.description)
        }
    }

    func testUnknownAttribute() throws {
        let found = try diagnostics("# A\n\n```swift tset\nlet a = 1\n```\n")
        XCTAssertEqual(found.count, 1)
        XCTAssertTrue(
            found[0].hasPrefix("Chapters/01-bad.md:3: error: unknown attribute 'tset'"), "\(found)")
    }

    func testOutputWithoutExample() throws {
        let found = try diagnostics(
            "# A\n\n```swift test\nfunc testA() {}\n```\n\n```output\nhi\n```\n")
        XCTAssertEqual(found.count, 1)
        XCTAssertTrue(
            found[0].hasPrefix("Chapters/01-bad.md:7: error: output block has no example"),
            "\(found)")
    }

    func testDuplicateTestNames() throws {
        let chapter =
            "# A\n\n```swift test\nfunc testA() {}\n```\n\n```swift test\nfunc testA() {}\n```\n"
        let found = try diagnostics(chapter)
        XCTAssertEqual(
            found,
            [
                "Chapters/01-bad.md:8: error: duplicate test name 'testA' (also at line 4); rename it or give the example example=NAME"
            ])
    }

    func testDuplicateExampleNamesFromOneHeading() throws {
        let chapter =
            "# Same\n\n```swift example\nprint(1)\n```\n\n```swift example\nprint(2)\n```\n"
        let found = try diagnostics(chapter)
        XCTAssertEqual(found.count, 1)
        XCTAssertTrue(
            found[0].hasPrefix("Chapters/01-bad.md:7: error: duplicate test name 'test_same'"),
            "\(found)")
    }

    func testExcerptFileMissing() throws {
        let found = try diagnostics("# A\n\n```swift excerpt=Sources/Lib/None.swift#r\nx\n```\n")
        XCTAssertEqual(
            found,
            ["Chapters/01-bad.md:3: error: excerpt file 'Sources/Lib/None.swift' does not exist"])
    }

    func testExcerptRegionMissing() throws {
        let found = try diagnostics(
            "# A\n\n```swift excerpt=Sources/Lib/A.swift#nope\nx\n```\n",
            extra: ["Sources/Lib/A.swift": Data("// snippet.r\nlet a = 1\n// snippet.end\n".utf8)])
        XCTAssertEqual(found.count, 1)
        XCTAssertTrue(
            found[0].hasPrefix("Chapters/01-bad.md:3: error: region 'nope' not found"), "\(found)")
    }

    func testFenceNeverClosed() throws {
        let found = try diagnostics("# A\n\n```swift\nlet a = 1\n\nmore prose\n")
        XCTAssertEqual(found.count, 1)
        XCTAssertTrue(
            found[0].hasPrefix("Chapters/01-bad.md:3: error: code fence ```swift is never closed"),
            "\(found)")
    }

    func testHiddenBlockNeverClosed() throws {
        let found = try diagnostics("# A\n\n<!-- swift\nlet a = 1\n")
        XCTAssertEqual(found.count, 1)
        XCTAssertTrue(
            found[0].hasPrefix("Chapters/01-bad.md:3: error: hidden swift block must end"),
            "\(found)")
    }

    func testNotUTF8() throws {
        let found = try diagnostics(["Chapters/01-bad.md": Data([35, 32, 65, 10, 0xFF, 0xFE, 10])])
        XCTAssertEqual(found, ["Chapters/01-bad.md:2: error: chapter is not valid UTF-8 text"])
    }

    func testEmptyChapter() throws {
        let found = try diagnostics(" \n\n")
        XCTAssertEqual(found, ["Chapters/01-bad.md:1: error: chapter is empty"])
    }

    func testCRLFLineEndings() throws {
        let found = try diagnostics("# A\n\nText\r\n")
        XCTAssertEqual(
            found,
            [
                "Chapters/01-bad.md:3: error: chapter has CRLF (or CR) line endings; save it with LF line endings"
            ])
    }

    func testFileNameNotMatchingPattern() throws {
        let found = try diagnostics("# A\n", named: "intro.md")
        XCTAssertEqual(
            found,
            [
                "Chapters/intro.md:1: error: chapter file name must match NN-name.md (two digits, a hyphen, a name)"
            ])
        let badSlug = try diagnostics("# A\n", named: "02-Bad_Name.md")
        XCTAssertEqual(badSlug.count, 1)
        XCTAssertTrue(
            badSlug[0].hasPrefix("Chapters/02-Bad_Name.md:1: error: chapter name"), "\(badSlug)")
    }

    func testDuplicateChapterNumber() throws {
        let found = try diagnostics([
            "Chapters/01-a.md": Data("# A\n".utf8), "Chapters/01-b.md": Data("# B\n".utf8),
        ])
        XCTAssertEqual(
            found, ["Chapters/01-b.md:1: error: chapter number 01 is also used by Chapters/01-a.md"]
        )
    }

    func testDeclarationsDeclaringATest() throws {
        let found = try diagnostics("# A\n\n```swift\nstruct S {}\nfunc testS() {}\n```\n")
        XCTAssertEqual(
            found,
            [
                "Chapters/01-bad.md:5: error: a declarations block declares test method 'testS'; mark the block `swift test`"
            ])
    }

    func testUnbalancedBraces() throws {
        let found = try diagnostics(
            "# A\n\n```swift test\nfunc testA() {\n```\n\n```swift\n}\n```\n")
        XCTAssertEqual(
            found,
            [
                "Chapters/01-bad.md:4: error: '{' is never closed in this block",
                "Chapters/01-bad.md:8: error: '}' closes more than this block opens",
            ])
    }

    func testGroupThatDoesNotBalanceAsAWhole() throws {
        let found = try diagnostics(
            "# A\n\n```swift test group=g\nfunc testA() {\n```\n\n```swift group=g\nXCTAssert(true)\n```\n"
        )
        XCTAssertEqual(
            found, ["Chapters/01-bad.md:4: error: '{' is never closed in this group 'g'"])
    }

    func testExampleWithoutAName() throws {
        let found = try diagnostics("Prose only.\n\n```swift example\nprint(1)\n```\n")
        XCTAssertEqual(
            found,
            [
                "Chapters/01-bad.md:3: error: example has no name: add example=NAME or a heading above it"
            ])
    }

    func testEveryChapterIsReportedAtOnce() throws {
        let found = try diagnostics([
            "Chapters/01-a.md": Data("# A\n\n```swift nope\n```\n".utf8),
            "Chapters/02-b.md": Data("".utf8),
        ])
        XCTAssertEqual(found.count, 2)
    }
}
