import Foundation
import WorkbookRuntime
import XCTest

final class OutputCaptureTests: XCTestCase {
    func testCapturesPrintAndDirectWritesToStandardOutput() throws {
        let capture = try OutputCapture()
        print("from print")
        FileHandle.standardOutput.write(Data("from a file handle\n".utf8))
        let output = capture.finish()
        // stdio buffers `print`, a FileHandle writes at once: both arrive, order aside.
        XCTAssertEqual(
            output.split(separator: "\n").sorted(), ["from a file handle", "from print"])
    }

    func testFinishTwiceReturnsNothingMore() throws {
        let capture = try OutputCapture()
        print("once")
        XCTAssertEqual(capture.finish(), "once\n")
        XCTAssertEqual(capture.finish(), "")
    }
}

final class OutputCaptureCleanupTests: XCTestCase {
    func testLeavesNoTemporaryFileEvenWhileCapturing() throws {
        func leftovers() throws -> [String] {
            try FileManager.default.contentsOfDirectory(atPath: NSTemporaryDirectory())
                .filter { $0.hasPrefix("workbook-output-") }
        }
        let before = try leftovers()
        let capture = try OutputCapture()
        print("held in an unlinked file")
        XCTAssertEqual(try leftovers(), before)
        XCTAssertEqual(capture.finish(), "held in an unlinked file\n")
    }
}
