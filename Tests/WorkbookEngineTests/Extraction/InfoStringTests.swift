import XCTest

@testable import WorkbookEngine

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

    func testContradictoryOrIncompleteAttributesAreErrors() {
        let bad = [
            ("swift test example", "a block has one role"),
            ("swift ignore group=g", "group combines only with 'test' or 'example'"),
            ("swift excerpt=Sources/A.swift", "excerpt needs a value like"),
            ("swift excerpt=../A.swift#r", "excerpt needs a value like"),
            ("swift example=bad!", "example name 'bad!' must use"),
            ("swift test=yes", "attribute 'test' takes no value"),
        ]
        for (info, message) in bad {
            XCTAssertThrowsError(try InfoString(info, file: "f", line: 1), info) { error in
                let text = (error as? Diagnostic)?.message ?? ""
                XCTAssertTrue(text.hasPrefix(message) || text.contains(message), "\(info): \(text)")
            }
        }
    }
}
