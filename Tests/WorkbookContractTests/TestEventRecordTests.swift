import Foundation
import WorkbookContract
import XCTest

final class TestEventRecordTests: XCTestCase {
    /// XCTest names a test `Class.method` with swift-corelibs-xctest and
    /// `-[Module.Class method]` on Darwin (Apple's XCTest); both give the same class and
    /// method, which is all the runner compares.
    func testBothPlatformsNamesGiveTheClassAndMethod() {
        XCTAssertTrue(
            TestEventRecord.split(xctestName: "Chapter03Tests.test_map")
                == ("Chapter03Tests", "test_map"))
        XCTAssertTrue(
            TestEventRecord.split(xctestName: "-[Chapter03Tests.Chapter03Tests test_map]")
                == ("Chapter03Tests", "test_map"))
        XCTAssertTrue(
            TestEventRecord.split(xctestName: "-[Chapter03Tests test_map]")
                == ("Chapter03Tests", "test_map"))
    }

    /// A line cut short by a killed process is dropped, and only the records of the test
    /// asked about count: a line can lose a pass, never make one.
    func testACutLineAndAnotherTestsRecordsNeverMakeAPass() throws {
        let started = try XCTUnwrap(
            TestEventRecord(event: .started, testClass: "C", test: "testA").encodedLine)
        let otherPass = try XCTUnwrap(
            TestEventRecord(event: .passed, testClass: "C", test: "testB").encodedLine)
        let pass = try XCTUnwrap(
            TestEventRecord(event: .passed, testClass: "C", test: "testA").encodedLine)
        let records = TestEventRecord.decodeLines(started + otherPass + pass.prefix(10))
        let summary = TestEventSummary(records, testClass: "C", test: "testA")
        XCTAssertTrue(summary.started)
        XCTAssertNil(summary.finished)
    }
}
