import XCTest

@testable import WorkbookEngine

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

    /// What `xctest -XCTest Module.Class/test bundle` prints on macOS: the class is
    /// module-qualified and the test written `-[Module.Class test]`.
    func testMacOSNamesAreReadLikeLinuxOnes() {
        let parser = TestOutputParser.parse(
            """
            Test Suite 'Selected tests' started at 2026-01-01 00:00:00.000
            Test Case '-[Chapter03Tests.Chapter03Tests testA]' started.
            Test Case '-[Chapter03Tests.Chapter03Tests testA]' passed (0.001 seconds).
            Test Case '-[Chapter04Tests.Chapter04Tests testB]' started.
            /w/Chapters/04-x.md:12: error: -[Chapter04Tests.Chapter04Tests testB] : XCTAssertEqual failed: ("1") is not equal to ("2")
            Test Case '-[Chapter04Tests.Chapter04Tests testB]' failed (0.001 seconds).
            Test Case '-[Chapter05Tests.Chapter05Tests testC]' started.
            /w/Chapters/05-x.md:11: -[Chapter05Tests.Chapter05Tests testC] : Test skipped - not here
            Test Case '-[Chapter05Tests.Chapter05Tests testC]' skipped (0.000 seconds).
            """)
        XCTAssertEqual(
            parser.started,
            ["Chapter03Tests.testA", "Chapter04Tests.testB", "Chapter05Tests.testC"])
        XCTAssertEqual(parser.passed, ["Chapter03Tests.testA"])
        XCTAssertEqual(parser.failed, ["Chapter04Tests.testB"])
        XCTAssertEqual(parser.skipped, ["Chapter05Tests.testC"])
        XCTAssertEqual(parser.skipReasons, ["not here"])
        XCTAssertEqual(parser.failures.map(\.testName), ["testB"])
        XCTAssertEqual(parser.failures.map(\.className), ["Chapter04Tests"])
        XCTAssertEqual(parser.failures.map(\.line), [12])
    }
}
