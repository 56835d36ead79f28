import Foundation

/// Runs `swift build` / `swift test` for the workbook.
///
/// SwiftPM caches manifest evaluation keyed by the manifest text and the environment, so
/// a newly generated chapter folder would be invisible to a cached build. Passing the set
/// of chapter targets in an environment variable changes the key exactly when that set
/// changes.
struct SwiftToolRunner {
    let root: URL
    let chapterTargets: [String]
    let scratchPath: String?

    private var environment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["WORKBOOK_CHAPTER_TARGETS"] = chapterTargets.joined(separator: ",")
        return environment
    }

    private func arguments(_ subcommand: [String]) -> [String] {
        var arguments = ["swift"] + subcommand + ["--package-path", root.path]
        if let scratchPath {
            arguments += ["--scratch-path", scratchPath]
        }
        return arguments
    }

    private func process(_ subcommand: [String]) -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments(subcommand)
        process.environment = environment
        process.currentDirectoryURL = root
        return process
    }

    /// Builds everything including tests, streaming the compiler's output as it comes;
    /// returns the exit status and the output, so errors can be attributed to chapters.
    func build() throws -> (status: Int32, output: String) {
        let process = process(["build", "--build-tests"])
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        var output = Data()
        while true {
            let chunk = pipe.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            output.append(chunk)
            FileHandle.standardOutput.write(chunk)
        }
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }

    /// Runs the already built tests matching `filters`; returns the exit status and the
    /// combined output.
    func test(filters: [String]) throws -> (status: Int32, output: String) {
        let process = process(["test", "--skip-build"] + filters.flatMap { ["--filter", $0] })
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
