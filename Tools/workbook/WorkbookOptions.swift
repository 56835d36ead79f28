import ArgumentParser
import Foundation
import WorkbookEngine

/// Options every command shares: where the workbook is.
struct WorkbookOptions: ParsableArguments {
    @Option(
        name: .long,
        help: "The workbook (package) root; found from the current directory upwards by default.")
    var root: String = ""

    var rootURL: URL { URL(fileURLWithPath: root).standardizedFileURL }

    /// Resolves the root as git and swift do: the nearest directory, from the current one
    /// upwards, with a `Package.swift` and a `Chapters/` folder. Anything else is an error
    /// (exit 1), never an empty green run.
    mutating func validate() throws {
        let fileManager = FileManager.default
        func isDirectory(_ url: URL) -> Bool {
            var directory: ObjCBool = false
            return fileManager.fileExists(atPath: url.path, isDirectory: &directory)
                && directory.boolValue
        }
        func fail(_ message: String) -> ExitCode {
            FileHandle.standardError.write(Data("error: \(message)\n".utf8))
            return ExitCode.failure
        }
        if !root.isEmpty {
            guard isDirectory(rootURL.appendingPathComponent("Chapters")) else {
                throw fail("no Chapters/ folder in \(rootURL.path)")
            }
            return
        }
        let start = URL(fileURLWithPath: fileManager.currentDirectoryPath).standardizedFileURL
        var candidate = start
        var nearestPackage: URL?
        while true {
            if fileManager.fileExists(
                atPath: candidate.appendingPathComponent("Package.swift").path)
            {
                if isDirectory(candidate.appendingPathComponent("Chapters")) {
                    root = candidate.path
                    return
                }
                nearestPackage = nearestPackage ?? candidate
            }
            let parent = candidate.deletingLastPathComponent()
            if parent.path == candidate.path { break }
            candidate = parent
        }
        if let nearestPackage {
            throw fail(
                "no Chapters/ folder in \(nearestPackage.path) or any package above it; run workbook inside a workbook or pass --root"
            )
        }
        throw fail(
            "not inside a workbook: no Package.swift with a Chapters/ folder in \(start.path) or any parent; pass --root"
        )
    }

    /// Loads and validates every chapter, printing problems and exiting 1 if any.
    func loadChapters() throws -> [Chapter] {
        do {
            return try WorkbookLoader(root: rootURL).chapters()
        } catch {
            report(error.diagnostics)
            throw ExitCode.failure
        }
    }
}
