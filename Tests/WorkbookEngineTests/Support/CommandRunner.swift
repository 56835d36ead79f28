import Foundation
import XCTest

/// Runs the built `workbook` executable, as swift-argument-parser's end-to-end tests do.
struct CommandResult {
    let status: Int32
    let standardOutput: String
    let standardError: String
}

extension XCTestCase {
    /// The directory with the built products (the `workbook` executable sits beside the tests).
    var productsDirectory: URL {
        let bundleURL = Bundle(for: type(of: self)).bundleURL
        return bundleURL.lastPathComponent.hasSuffix("xctest")
            ? bundleURL.deletingLastPathComponent() : bundleURL
    }

    /// Runs `workbook arguments…` (in `directory`, when given) with this process's
    /// environment, less `WORKBOOK_COMBINE` and plus `environment`, and returns its exit
    /// status and output.
    func runWorkbook(
        _ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:]
    ) throws -> CommandResult {
        let executable = productsDirectory.appendingPathComponent("workbook")
        guard FileManager.default.isExecutableFile(atPath: executable.path) else {
            XCTFail("no workbook executable at \(executable.path)")
            return CommandResult(status: -1, standardOutput: "", standardError: "")
        }
        var inherited = ProcessInfo.processInfo.environment
        inherited["WORKBOOK_COMBINE"] = nil
        return try runCommand(
            executable, arguments, in: directory,
            environment: inherited.merging(environment) { $1 })
    }

    /// Runs `executable arguments…` (in `directory`, when given; with `environment`, or
    /// this process's) and returns its exit status and output.
    func runCommand(
        _ executable: URL, _ arguments: [String], in directory: URL? = nil,
        environment: [String: String]? = nil
    ) throws -> CommandResult {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let environment { process.environment = environment }
        if let directory { process.currentDirectoryURL = directory }
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let outData = output.fileHandleForReading.readDataToEndOfFile()
        let errData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return CommandResult(
            status: process.terminationStatus,
            standardOutput: String(decoding: outData, as: UTF8.self),
            standardError: String(decoding: errData, as: UTF8.self))
    }
}
