import WorkbookEngine
import XCTest

final class InfoStringTests: XCTestCase {
    func testRolesAndGroup() throws {
        XCTAssertNil(try InfoString("swift", file: "f", line: 1).role)
        XCTAssertEqual(try InfoString("swift test", file: "f", line: 1).role, .test)
        XCTAssertEqual(
            try InfoString("swift example=a-b", file: "f", line: 1).role, .example(name: "a-b"))
        let grouped = try InfoString("swift test group=parts", file: "f", line: 1)
        XCTAssertEqual(grouped.group, "parts")
    }

    func testUnknownAttributeIsAnError() {
        XCTAssertThrowsError(try InfoString("swift tset", file: "Chapters/01-a.md", line: 7)) {
            error in
            XCTAssertEqual(
                (error as? Diagnostic)?.description.hasPrefix(
                    "Chapters/01-a.md:7: error: unknown attribute 'tset'"),
                true)
        }
    }
}
