import Foundation
import XCTest

/// Validates JUnit reports against the schema Jenkins' xUnit plugin publishes
/// (`Fixtures/junit/junit-10.xsd`) with libxml2's `xmllint`, which `.ci/run` installs.
enum JUnitSchema {
    static let url = Fixtures.directory.appendingPathComponent("junit/junit-10.xsd")

    /// `xmllint`, if installed.
    static let xmllint: URL? = ["/usr/bin", "/usr/local/bin", "/opt/homebrew/bin"]
        .map { URL(fileURLWithPath: $0).appendingPathComponent("xmllint") }
        .first { FileManager.default.isExecutableFile(atPath: $0.path) }

    /// `xmllint`, or a skip that says how to get it: for the tests whose point is the
    /// schema (`JUnitReportTests`).
    static func requireXMLLint() throws -> URL {
        guard let xmllint else {
            throw XCTSkip(
                "xmllint is not installed (apt-get install libxml2-utils); the JUnit schema is unchecked"
            )
        }
        return xmllint
    }

    /// Fails the test with xmllint's messages unless the file at `report` is valid. Without
    /// xmllint it checks nothing and lets the calling test go on with its other assertions
    /// (`JUnitReportTests` is skipped, saying so): a missing tool never skips a whole test.
    static func assertValidIfPossible(
        _ report: URL, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        guard let xmllint else { return }
        let process = Process()
        process.executableURL = xmllint
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
