import Foundation
import XCTest

/// Validates JUnit reports against the schema Jenkins' xUnit plugin publishes
/// (`Fixtures/junit/junit-10.xsd`) with libxml2's `xmllint`, which `.ci/run` installs.
enum JUnitSchema {
    static let url = Fixtures.directory.appendingPathComponent("junit/junit-10.xsd")

    /// `xmllint`, or a skip that says how to get it.
    static func xmllint() throws -> URL {
        for folder in ["/usr/bin", "/usr/local/bin", "/opt/homebrew/bin"] {
            let candidate = URL(fileURLWithPath: folder).appendingPathComponent("xmllint")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw XCTSkip(
            "xmllint is not installed (apt-get install libxml2-utils); the JUnit schema is unchecked"
        )
    }

    /// Fails the test with xmllint's messages unless the file at `report` is valid.
    static func assertValid(_ report: URL, file: StaticString = #filePath, line: UInt = #line)
        throws
    {
        let process = Process()
        process.executableURL = try xmllint()
        process.arguments = ["--noout", "--schema", url.path, report.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(
            decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(
            process.terminationStatus, 0, "not valid JUnit (junit-10.xsd):\n\(output)",
            file: file, line: line)
    }
}
