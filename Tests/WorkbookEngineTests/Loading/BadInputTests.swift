import Foundation
import XCTest

@testable import WorkbookEngine

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
        try Fixtures.loadingProblems(files, for: self)
    }

    func testUnknownAttribute() throws {
        let found = try diagnostics("# A\n\n```swift tset\nlet a = 1\n```\n")
        XCTAssertEqual(found.count, 1)
        XCTAssertTrue(
            try XCTUnwrap(found.first).hasPrefix(
                "Chapters/01-bad.md:3: error: unknown attribute 'tset'"), "\(found)")
    }

    func testOutputWithoutExample() throws {
        let found = try diagnostics(
            "# A\n\n```swift test\nfunc testA() {}\n```\n\n```output\nhi\n```\n")
        XCTAssertEqual(found.count, 1)
        XCTAssertTrue(
            try XCTUnwrap(found.first).hasPrefix(
                "Chapters/01-bad.md:7: error: output block has no example"),
            "\(found)")
    }

    func testOutputAttributes() throws {
        let example = "# A\n\n```swift example=e\nprint(1)\n```\n\n"
        XCTAssertEqual(
            try diagnostics(example + "```output observed-on=opencombine\n1\n```\n"), [])
        XCTAssertEqual(
            try diagnostics(example + "```output observed-on=combine2019\n1\n```\n"),
            [
                "Chapters/01-bad.md:7: error: unknown implementation 'combine2019' in observed-on= (known: apple, opencombine)"
            ])
        XCTAssertEqual(
            try diagnostics(example + "```output wrap\n1\n```\n"),
            [
                "Chapters/01-bad.md:7: error: an output block takes one attribute, observed-on=IMPLEMENTATION (known: apple, opencombine)"
            ])
        XCTAssertEqual(
            try diagnostics(
                example + "```output observed-on=opencombine\n1\n```\n\n```output\n2\n```\n"),
            [
                "Chapters/01-bad.md:11: error: this example's output blocks disagree on observed-on (the first, at line 7, says opencombine)"
            ])
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
            try XCTUnwrap(found.first).hasPrefix(
                "Chapters/01-bad.md:7: error: duplicate test name 'test_same'"),
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
            try XCTUnwrap(found.first).hasPrefix(
                "Chapters/01-bad.md:3: error: region 'nope' not found"), "\(found)")
    }

    func testFenceNeverClosed() throws {
        let found = try diagnostics("# A\n\n```swift\nlet a = 1\n\nmore prose\n")
        XCTAssertEqual(found.count, 1)
        XCTAssertTrue(
            try XCTUnwrap(found.first).hasPrefix(
                "Chapters/01-bad.md:3: error: code fence ```swift is never closed"),
            "\(found)")
    }

    func testHiddenBlockNeverClosed() throws {
        let found = try diagnostics("# A\n\n<!-- swift\nlet a = 1\n")
        XCTAssertEqual(found.count, 1)
        XCTAssertTrue(
            try XCTUnwrap(found.first).hasPrefix(
                "Chapters/01-bad.md:3: error: hidden swift block must end"),
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
            try XCTUnwrap(badSlug.first).hasPrefix(
                "Chapters/02-Bad_Name.md:1: error: chapter name"), "\(badSlug)")
    }

    func testDuplicateChapterNumberBlamesTheNewerFile() throws {
        let root = try Fixtures.temporaryWorkbook(
            ["Chapters/01-a.md": Data("# A\n".utf8), "Chapters/01-b.md": Data("# B\n".utf8)],
            for: self)
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSince1970: 1_000_000)],
            ofItemAtPath: root.appendingPathComponent("Chapters/01-b.md").path)
        XCTAssertThrowsError(try WorkbookLoader(root: root).chapters()) { error in
            let found = (error as? DiagnosticList)?.diagnostics.map(\.description)
            XCTAssertEqual(
                found,
                [
                    "Chapters/01-a.md:1: error: chapter number 01 is already used by Chapters/01-b.md; give this chapter a free number"
                ])
        }
    }

    func testDeclarationsDeclaringATest() throws {
        let found = try diagnostics("# A\n\n```swift\nstruct S {}\nfunc testS() {}\n```\n")
        XCTAssertEqual(
            found,
            [
                "Chapters/01-bad.md:5: error: a declarations block declares test method 'testS()'; mark the block `swift test`"
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

/// Odd but valid input a learner writes: none of it may be refused or skipped.
final class ValidInputTests: XCTestCase {
    private func chapter(_ text: String) throws -> Chapter {
        let root = try Fixtures.temporaryWorkbook(["Chapters/01-ok.md": Data(text.utf8)], for: self)
        return try XCTUnwrap(WorkbookLoader(root: root).chapters().first)
    }

    private func problems(_ text: String) throws -> [String] {
        try Fixtures.loadingProblems(["Chapters/01-ok.md": Data(text.utf8)], for: self)
    }

    func testRegexLiteralsDoNotCountBracesOrQuotes() throws {
        let found = try chapter(
            "# A\n\n```swift test\nfunc testRegex() {\n    let a = #/\\{/#\n    let b = #/\"/#\n"
                + "    let c = /\\}[{\"]/\n    let d = 6 / 3 / 2\n    _ = (a, b, c, d)\n}\n```\n")
        XCTAssertEqual(found.testNames, ["testRegex"])
    }

    func testSameTestInEachIfBranchIsNotADuplicate() throws {
        let found = try chapter(
            "# A\n\n```swift test\n#if os(Linux)\nfunc testA() {}\n#else\nfunc testA() {}\n#endif\n```\n"
        )
        XCTAssertEqual(found.testNames, ["testA"])
    }

    func testSameTestTwiceOutsideIfIsStillADuplicate() throws {
        let found = try problems("# A\n\n```swift test\nfunc testA() {}\nfunc testA() {}\n```\n")
        XCTAssertTrue(
            try XCTUnwrap(found.first).contains("duplicate test name 'testA'"), "\(found)")
    }

    func testFreeFunctionTestableWithArgumentsIsNotATest() throws {
        let found = try chapter(
            "# A\n\n```swift\nfunc testable(_ value: Int) -> Bool { true }\n```\n")
        XCTAssertEqual(found.testNames, [])
    }

    func testHelperWithArgumentsInATestBlockIsNotATest() throws {
        let found = try chapter(
            "# A\n\n```swift test\nfunc testHelper(expecting: Int) {}\nfunc testReal() { testHelper(expecting: 1) }\n"
                + "static func testStatic() {}\n```\n")
        XCTAssertEqual(found.testNames, ["testReal"])
    }

    func testBacktickedNameIsATestAndRawIdentifierIsAClearError() throws {
        let found = try chapter("# A\n\n```swift test\nfunc `testQuoted`() {}\n```\n")
        XCTAssertEqual(found.testNames, ["testQuoted"])
        let raw = try problems("# A\n\n```swift test\nfunc `test two words`() {}\n```\n")
        XCTAssertTrue(
            try XCTUnwrap(raw.first).hasPrefix(
                "Chapters/01-ok.md:4: error: test name `test two words` is a raw identifier"),
            "\(raw)")
    }

    func testSwiftInAnyCaseIsCompiled() throws {
        let found = try chapter("# A\n\n```Swift test\nfunc testA() { XCTFail() }\n```\n")
        XCTAssertEqual(found.testNames, ["testA"])
        let upper = try chapter("# A\n\n```SWIFT test\nfunc testB() {}\n```\n")
        XCTAssertEqual(upper.testNames, ["testB"])
    }

    func testSwiftWithBraceAttributesIsRefusedNotSkipped() throws {
        let found = try problems("# A\n\n```swift{.class}\nfunc testA() { XCTFail() }\n```\n")
        XCTAssertTrue(
            try XCTUnwrap(found.first).hasPrefix(
                "Chapters/01-ok.md:3: error: unknown attribute '{.class}'"),
            "\(found)")
    }

    func testFencesInListItemsAndQuotesAreCompiled() throws {
        let found = try chapter(
            "# A\n\n- ```swift test\n  func testInList() { XCTFail() }\n  ```\n\n"
                + "> ```swift test\n> func testInQuote() {}\n> ```\n\n"
                + "1. item\n   > - ```swift test\n   >   func testNested() {}\n   >   ```\n")
        XCTAssertEqual(found.testNames, ["testInList", "testInQuote", "testNested"])
    }

    /// The old checker skipped these blocks, so their `XCTFail` never ran and the run was
    /// green: each one must reach the generated test file.
    func testASkippedLookingBlockWithXCTFailIsGenerated() throws {
        let found = try chapter(
            "# A\n\n```Swift test\nfunc testCase() { XCTFail(\"case\") }\n```\n\n"
                + "- ```swift test\n  func testList() { XCTFail(\"list\") }\n  ```\n\n"
                + "> ```swift test\n> func testQuote() { XCTFail(\"quote\") }\n> ```\n")
        let source = SwiftGenerator.source(for: found)
        for name in ["case", "list", "quote"] {
            XCTAssertTrue(source.contains("XCTFail(\"\(name)\")"), "\(name) missing:\n\(source)")
        }
    }

    func testFenceAfterATabbedListMarkerIsCompiled() throws {
        let found = try chapter(
            "# A\n\n-\t```swift test\n\tfunc testTab() { XCTFail() }\n\t```\n\n"
                + "1)\t```swift test\n\tfunc testNumbered() {}\n\t```\n")
        XCTAssertEqual(found.testNames, ["testTab", "testNumbered"])
    }

    func testIndentedCodeIsStillProse() throws {
        let found = try chapter("# A\n\n    func testNot() {}\n")
        XCTAssertEqual(found.blocks.count, 0)
    }
}
