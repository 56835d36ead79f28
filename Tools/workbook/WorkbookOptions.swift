import ArgumentParser
import Foundation
import WorkbookEngine

/// Options every command shares: where the workbook is.
struct WorkbookOptions: ParsableArguments {
    @Option(name: .long, help: "The workbook (package) root directory.")
    var root: String = FileManager.default.currentDirectoryPath

    var rootURL: URL { URL(fileURLWithPath: root).standardizedFileURL }

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
