import Foundation

/// The generation stage: what `generate` writes for loaded chapters, what `check` finds out
/// of date, and the files a test run generates before it builds.
public struct WorkbookGenerator: Sendable {
    /// The workbook (package) root.
    let root: URL

    /// Creates a generator for the workbook at `root`.
    public init(root: URL) {
        self.root = root
    }

    /// What `check` reports: generated files missing, stale, orphaned or in the way,
    /// excerpts that drifted from their regions, and marble pictures a chapter does not show.
    func problems(of chapters: [Chapter]) -> [Diagnostic] {
        plan(for: chapters).problems + chapters.flatMap(\.excerptDrift)
            + MarbleDrawings.unshown(chapters)
    }

    /// What `generate` would change on disk for `chapters`.
    func plan(for chapters: [Chapter]) -> GenerationPlan {
        GenerationPlan(expected: Self.files(for: chapters), root: root)
    }

    /// Writes what changed for `chapters` (atomically; never a file without the generated
    /// header) and returns the paths touched. Throws the files in the way, if any.
    @discardableResult
    public func generate(_ chapters: [Chapter]) throws -> [String] {
        try GeneratedFileWriter.apply(plan(for: chapters), root: root)
    }

    /// Like `generate(_:)` for a run that goes on without the `invalid` chapters: their
    /// generated files, and the table of contents that lists every chapter, are left as
    /// they are until the chapters are fixed. Returns each chapter's test file as generated,
    /// with its line map: what the later stages of the run use instead of reading it back.
    @discardableResult
    func generate(_ chapters: [Chapter], leavingAlone invalid: [ChapterFile]) throws
        -> [ChapterFile: GeneratedFile]
    {
        let files = Self.files(for: chapters)
        var plan = GenerationPlan(expected: files, root: root)
        if !invalid.isEmpty {
            let kept = Set(invalid.map(\.generatedRelativePath))
            plan.orphaned.removeAll { path in
                kept.contains(path) || invalid.contains { MarbleDrawings.isPicture(path, of: $0) }
            }
            plan.missing.removeAll { $0.path == TableOfContents.path }
            plan.stale.removeAll { $0.path == TableOfContents.path }
        }
        try GeneratedFileWriter.apply(plan, root: root)
        let byPath = Dictionary(
            files.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        return chapters.reduce(into: [:]) { generated, chapter in
            generated[chapter.file] = byPath[chapter.file.generatedRelativePath]
        }
    }

    /// The files `generate` should produce for `chapters`: one test file per chapter, the
    /// table of contents `Chapters/README.md`, and a picture per marble block.
    public static func files(for chapters: [Chapter]) -> [GeneratedFile] {
        chapters.map(SwiftGenerator.file(for:))
            + [
                GeneratedFile(
                    path: TableOfContents.path, contents: TableOfContents.source(for: chapters),
                    source: "Chapters/*.md")
            ] + MarbleDrawings.files(for: chapters)
    }
}
