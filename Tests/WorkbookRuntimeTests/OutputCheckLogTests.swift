import Foundation
import WorkbookContract
import WorkbookRuntime
import XCTest

final class OutputCheckLogTests: XCTestCase {
    func testAssertOutputRecordsEachCheckAsOneJSONLine() throws {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("observations-\(UUID().uuidString).jsonl")
        defer { try? FileManager.default.removeItem(at: path) }
        setenv(WorkbookEnvironment.outputChecks, path.path, 1)
        defer { unsetenv(WorkbookEnvironment.outputChecks) }
        assertOutput("a\n", matches: "a\n", file: "Chapters/01-x.md", line: 7)
        OutputCheckLog.record(
            OutputCheckRecord(file: "Chapters/01-x.md", line: 9, actual: "b \n", matched: false))
        let lines = try String(contentsOf: path, encoding: .utf8).split(separator: "\n")
        XCTAssertEqual(lines.count, 2)
        let records = try lines.map {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] ?? [:]
        }
        XCTAssertEqual(records[0]["file"] as? String, "Chapters/01-x.md")
        XCTAssertEqual(records[0]["line"] as? Int, 7)
        XCTAssertEqual(records[0]["matched"] as? Bool, true)
        XCTAssertEqual(records[1]["actual"] as? String, "b \n")
        XCTAssertEqual(records[1]["matched"] as? Bool, false)
        let decoded = OutputCheckRecord.decodeLines(try String(contentsOf: path, encoding: .utf8))
        XCTAssertEqual(decoded.map(\.line), [7, 9], "the runner reads what the runtime wrote")
    }

    func testCatchErrorReturnsWhatTheBodyThrew() async {
        struct Oops: Error {}
        XCTAssertNil(catchError {})
        XCTAssertTrue(catchError { throw Oops() } is Oops)
        let awaited = await catchError {
            await Task.yield()
            throw Oops()
        }
        XCTAssertTrue(awaited is Oops)
    }
}
