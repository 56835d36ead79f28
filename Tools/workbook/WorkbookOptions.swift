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

    /// Every chapter, loaded and validated; exits 1 with their problems if any.
    func loadChapters() throws -> [Chapter] {
        do {
            return try WorkbookLoader(root: rootURL).chapters()
        } catch {
            throw fail(error.diagnostics)
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

extension WorkbookOptions {
    /// The chapters `selectors` name, all when empty; an unknown one is a usage error.
    func select(_ selectors: [String], from chapters: [Chapter]) throws -> [ChapterFile] {
        do {
            return try ChapterSelection.select(selectors, from: chapters.map(\.file))
        } catch {
            throw ValidationError(error.message)
        }
    }

    /// The one chapter `selector` names; anything else is a usage error.
    func chapter(_ selector: String) throws -> ChapterFile {
        try loadedChapter(selector).file
    }

    /// The one chapter `selector` names, loaded; anything else is a usage error.
    func loadedChapter(_ selector: String) throws -> Chapter {
        let chapters = try loadChapters()
        let file: ChapterFile
        do {
            file = try ChapterSelection.one(selector, from: chapters.map(\.file))
        } catch {
            throw ValidationError(error.message)
        }
        guard let chapter = chapters.first(where: { $0.file == file }) else {
            throw ValidationError("no chapter \(selector)")
        }
        return chapter
    }

    /// The exercises; exits 1 with their problems if any.
    func exercises() throws -> [Exercise] {
        do {
            return try ExerciseCatalog.load(root: rootURL)
        } catch {
            throw fail(error.diagnostics)
        }
    }
}
