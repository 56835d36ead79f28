import Foundation

/// The engine as the command line sees it: one call per command, taking what the command
/// parsed and returning what it prints, so that every decision (which chapter, which
/// exercise, which hint) is made, and tested, here rather than in `Tools/workbook`.
/// `workbook test`, `watch` and `progress` run ``TestPipeline`` through it.
package struct Workbook: Sendable {
    /// The workbook (package) root.
    package let root: URL

    /// The workbook at `root`.
    package init(root: URL) {
        self.root = root
    }

    /// `workbook generate`: validates every chapter, then writes what changed; returns how
    /// many chapters there are and the paths written or deleted.
    package func generate() throws(WorkbookError) -> (chapters: Int, changed: [String]) {
        let chapters = try allChapters()
        do {
            return (chapters.count, try WorkbookGenerator(root: root).generate(chapters))
        } catch let error as DiagnosticList {
            throw .invalid(error.diagnostics)
        } catch {
            throw .failed("cannot write the generated files: \(error)")
        }
    }

    /// `workbook check`: every problem `generate` would fix or cannot (stale, missing or
    /// orphaned files, excerpt drift, marble pictures not shown); returns how many
    /// chapters were checked when there is none.
    package func check() throws(WorkbookError) -> Int {
        let chapters = try allChapters()
        let problems = WorkbookGenerator(root: root).problems(of: chapters)
        guard problems.isEmpty else { throw .invalid(problems) }
        return chapters.count
    }

    /// `workbook list`: the listing of the chapters `selectors` name (all when empty);
    /// every chapter must be valid.
    package func listing(of selectors: [String]) throws(WorkbookError) -> String {
        let chapters = try allChapters()
        let selected: [ChapterFile]
        do {
            selected = try ChapterSelection.select(selectors, from: chapters.map(\.file))
        } catch {
            throw .usage(error.message)
        }
        return ChapterListing.render(chapters.filter { selected.contains($0.file) })
    }

    /// The one chapter `selector` names, loaded and validated alone: a command about one
    /// chapter (`exercise`, `hint`) works while another chapter is being edited, as a test
    /// run of it does. A problem of the workbook as a whole (a badly named or duplicate
    /// chapter file) still stops it.
    func chapter(_ selector: String) throws(WorkbookError) -> Chapter {
        let loader = WorkbookLoader(root: root)
        let (files, problems) = loader.scanChapterFiles()
        guard problems.isEmpty else { throw .invalid(problems) }
        let file: ChapterFile
        do {
            file = try ChapterSelection.one(selector, from: files)
        } catch {
            throw .usage(error.message)
        }
        do {
            return try loader.validated(file)
        } catch {
            throw .invalid(error.diagnostics)
        }
    }

    /// Every chapter, loaded and validated; all their problems at once.
    private func allChapters() throws(WorkbookError) -> [Chapter] {
        do {
            return try WorkbookLoader(root: root).chapters()
        } catch {
            throw .invalid(error.diagnostics)
        }
    }

    /// The exercises; a malformed starter is a problem at its line.
    func exercises() throws(WorkbookError) -> [Exercise] {
        do {
            return try ExerciseCatalog.load(root: root)
        } catch {
            throw .invalid(error.diagnostics)
        }
    }
}

/// Why a command of ``Workbook`` did nothing.
package enum WorkbookError: Error, Equatable {
    /// The command line asked for something that is not there (a chapter selector that
    /// names none): a usage error.
    case usage(String)
    /// Problems, each at its file and line.
    case invalid([Diagnostic])
    /// Anything else, said in a sentence.
    case failed(String)
}
