import ArgumentParser
import Foundation
import WorkbookEngine

/// Where the workbook is: every command takes `--root`.
struct WorkbookOptions: ParsableArguments {
    @Option(
        name: .long,
        help: "The workbook (package) root; found from the current directory upwards by default.")
    var root: String = ""

    /// The root, resolved in `validate()`.
    var rootURL: URL { URL(fileURLWithPath: root).standardizedFileURL }

    mutating func validate() throws {
        do {
            root = try WorkbookRoot.locate(
                explicit: root,
                from: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
            ).path
        } catch {
            throw fail(error.message)
        }
    }

    /// The workbook at the root: what every command calls.
    var workbook: Workbook { Workbook(root: rootURL) }

    /// Makes the command's one call to the workbook; for a ``WorkbookError``, a usage error
    /// exits as ArgumentParser's do and any other problem exits 1 after printing it.
    func run<Result>(_ call: (Workbook) throws -> Result) throws -> Result {
        do {
            return try call(workbook)
        } catch let error as WorkbookError {
            switch error {
            case .usage(let message): throw ValidationError(message)
            case .invalid(let diagnostics): throw fail(diagnostics)
            case .failed(let message): throw fail(message)
            }
        }
    }
}

/// The chapters a command works on (`workbook test 03 subjects`).
struct ChapterArguments: ParsableArguments {
    @Argument(help: "Chapters (03, 3 or the slug); all by default.")
    var chapters: [String] = []
}

/// The time limit of each test: `test`, `watch` and `progress` share it.
struct TimeoutOption: ParsableArguments {
    @Option(help: "Seconds each test may run before its process group is killed.")
    var timeout: Double = 30

    func validate() throws {
        guard timeout > 0 else { throw ValidationError("--timeout must be positive") }
    }
}

/// Following along: run against the reader's own components.
struct MineOption: ParsableArguments {
    @Flag(
        help: """
            Build the chosen chapters against your own components in Workbench/ (see \
            `workbook exercise`): what you wrote replaces the library's, the rest comes from \
            the library.
            """)
    var mine = false
}
