import XCTest

@testable import WorkbookEngine

final class SwiftLexerTests: XCTestCase {
    func testBracesInStringsAndCommentsDoNotCount() {
        let code = """
            let a = "}"
            // }
            /* { /* } */ */
            let b = #"\\(" }"#
            let c = "\\("{")"
            let d = \"\"\"
              }
              \"\"\"
            """
        XCTAssertTrue(SwiftLexer.scan([(code, 1)]).isBalanced)
    }

    func testUnbalancedBracesAreLocated() {
        XCTAssertEqual(SwiftLexer.scan([("func f() {\n", 10)]).unclosedOpeningLines, [10])
        XCTAssertEqual(SwiftLexer.scan([("\n}\n", 3)]).unmatchedClosingLines, [4])
    }

    func testPartsBalanceTogether() {
        let scan = SwiftLexer.scan([("func testA() {\n", 1), ("}\n", 9)])
        XCTAssertTrue(scan.isBalanced)
        XCTAssertEqual(scan.topLevelFunctions.map(\.name), ["testA"])
    }

    func testOnlyTopLevelFunctionsAreFound() {
        let scan = SwiftLexer.scan([
            ("func testA() {\n  func testInner() {}\n}\nfunc helper() {}\n", 1)
        ])
        XCTAssertEqual(scan.topLevelFunctions.map(\.name), ["testA", "helper"])
        XCTAssertEqual(scan.topLevelFunctions.map(\.line), [1, 4])
    }

    func testLinesAfterAMultilineRegexLiteralAreCounted() {
        let code = "let r = #/\n  \\{ (a|b)\n  }\n/#\nfunc testA() {\n"
        let scan = SwiftLexer.scan([(code, 10)])
        XCTAssertEqual(scan.topLevelFunctions.map(\.line), [14])
        XCTAssertEqual(scan.unclosedOpeningLines, [14])
    }

    func testUnterminatedStringIsReported() {
        let scan = SwiftLexer.scan([("let a = \"oops\nlet b = 1\n", 5)])
        XCTAssertEqual(scan.unterminatedLine, 5)
        XCTAssertFalse(scan.isBalanced)
    }
}
