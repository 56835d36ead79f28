import Foundation
import XCTest

/// `Tools/check-apple-api.sh` on the `apple-api` fixture, with a tiny interface in the shape
/// of Apple's (the real file is never in the repository, so CI cannot have it): a chapter
/// that uses a declaration newer than the package's floor and one that uses an
/// OpenCombine-only API are both reported at their Markdown lines, and the check fails;
/// without them it passes.
final class AppleAPICheckTests: XCTestCase {
    func testReportsNewerAndOpenCombineOnlyAPIAtTheirMarkdownLines() throws {
        let root = try Fixtures.buildableCopy(of: "apple-api", for: self)
        let failing = try check(root)
        XCTAssertEqual(failing.status, 1, failing.output)
        XCTAssertTrue(
            failing.output.contains(
                "Chapters/02-newer.md:7:28: warning: 'newerThanTheFloor()' is deprecated: newer than the package's floor: Apple's Combine has it from macOS 14.0; Package.swift supports macOS 13"
            ), failing.output)
        XCTAssertTrue(
            failing.output.contains(
                "Chapters/03-opencombine-only.md:8:28: error: value of type 'DispatchQueue' has no member 'ocombine'"
            ), failing.output)
        XCTAssertTrue(
            failing.output.contains("Apple's Combine API check FAILED: 2 problem(s)"),
            failing.output)
        XCTAssertFalse(failing.output.contains("01-fine.md"), failing.output)

        for chapter in ["02-newer.md", "03-opencombine-only.md"] {
            try FileManager.default.removeItem(
                at: root.appendingPathComponent("Chapters/\(chapter)"))
        }
        let passing = try check(root)
        XCTAssertEqual(passing.status, 0, passing.output)
        XCTAssertTrue(passing.output.contains("Apple's Combine API check passed"), passing.output)
    }

    private func check(_ root: URL) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [
            Fixtures.repository.appendingPathComponent("Tools/check-apple-api.sh").path,
            root.appendingPathComponent("FakeCombine.swiftinterface").path,
        ]
        var environment = ProcessInfo.processInfo.environment
        environment["WORKBOOK_ROOT"] = root.path
        environment["WORKBOOK"] = productsDirectory.appendingPathComponent("workbook").path
        environment.removeValue(forKey: "APPLE_API_FLOOR")
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
