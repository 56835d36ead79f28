import XCTest

@testable import WorkbookEngine

final class TestOutputParserTests: XCTestCase {
    /// Only what is shown is read from the text: a skip's reason and the runtime's
    /// observations. What XCTest's lines say about passing or failing is not read at all.
    func testReadsSkipReasonsAndObservationsOnly() {
        let parser = TestOutputParser.parse(
            """
            Test Case '-[Chapter05Tests.Chapter05Tests testC]' started.
            /w/Chapters/05-x.md:11: -[Chapter05Tests.Chapter05Tests testC] : Test skipped - not here
            /x/Chapters/05-x.md:12: Chapter05Tests.testD : Test skipped
            workbook-observation: {"file":"Chapters/05-x.md","line":12,"behavior":"b","implementation":"i","observed":"[1]","recorded":[]}
            Test Case '-[Chapter05Tests.Chapter05Tests testC]' skipped (0.000 seconds).
            """)
        XCTAssertEqual(parser.skipReasons, ["not here", ""])
        XCTAssertEqual(parser.observations.map(\.observed), ["[1]"])
    }
}
