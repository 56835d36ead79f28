import Foundation

/// Loads every chapter of a workbook, validating all of them before anything is written,
/// so a bad chapter never leaves a half-generated tree behind.
public struct WorkbookLoader: Sendable {
    /// The workbook (package) root.
    let root: URL

    /// Creates a loader for the workbook at `root`.
    public init(root: URL) {
        self.root = root
    }

    /// The well-named chapter files, and a problem for each badly named or duplicate one:
    /// what a command that works on one chapter selects from before it loads only that one.
    ///
    /// A missing `Chapters/` folder is an error, never "no chapters": otherwise `generate`
    /// would delete every generated test as orphaned. `Chapters/README.md` is the
    /// generated table of contents, not a chapter. Of two chapters with one number, the
    /// one modified last is blamed: that is the file the author just added.
    func scanChapterFiles() -> ([ChapterFile], [Diagnostic]) {
        let directory = root.appendingPathComponent("Chapters")
        let manager = FileManager.default
        guard let names = try? manager.contentsOfDirectory(atPath: directory.path) else {
            return (
                [],
                [
                    Diagnostic(
                        file: "Chapters", line: 1,
                        message:
                            "no Chapters/ folder under \(root.path); run the command from the workbook root or pass --root"
                    )
                ]
            )
        }
        func modified(_ name: String) -> Date {
            let attributes = try? manager.attributesOfItem(
                atPath: directory.appendingPathComponent(name).path)
            return attributes?[.modificationDate] as? Date ?? .distantPast
        }
        let ordered = names.filter { $0.hasSuffix(".md") && $0 != TableOfContents.fileName }
            .map { (name: $0, modified: modified($0)) }
            .sorted { ($0.modified, $0.name) < ($1.modified, $1.name) }
        var files: [ChapterFile] = []
        var problems: [Diagnostic] = []
        var numbers: [String: String] = [:]
        for (name, _) in ordered {
            do throws(Diagnostic) {
                let file = try ChapterFile(fileName: name)
                if let other = numbers[file.number] {
                    throw Diagnostic(
                        file: file.relativePath, line: 1,
                        message:
                            "chapter number \(file.number) is already used by Chapters/\(other); give this chapter a free number"
                    )
                }
                numbers[file.number] = name
                files.append(file)
            } catch {
                problems.append(error)
            }
        }
        return (files.sorted(), problems)
    }

    /// Every chapter, parsed and validated (excerpt regions must exist; drift is kept in
    /// `Chapter.excerptDrift`); throws all problems of all chapters at once.
    public func chapters() throws(DiagnosticList) -> [Chapter] {
        let loaded = load()
        let problems = loaded.problems + loaded.invalid.flatMap(\.problems)
        guard problems.isEmpty else { throw DiagnosticList(problems) }
        return loaded.chapters
    }

    /// Every chapter, each validated on its own: the valid ones, the invalid ones with
    /// their problems, and the problems of the workbook as a whole (badly named or
    /// duplicate files). A test run goes on without a chapter that is invalid, as it goes
    /// on without one that does not compile; `check` and `generate` stop at any problem.
    func load() -> LoadedWorkbook {
        let (files, nameProblems) = scanChapterFiles()
        var loaded = LoadedWorkbook(problems: nameProblems)
        let sources = ExcerptSources(root: root)
        // Chapters are parsed on every core: they are independent, and parsing them is most
        // of `generate`'s time (BENCHMARKS.md); excerpts share one cache, so they are checked
        // after, in order.
        let parsed = files.concurrentMap { file in
            let data = read(file)
            return (
                data: data,
                chapter: Swift.Result { () throws(DiagnosticList) in try parse(file, data: data) }
            )
        }
        for (file, (data, result)) in zip(files, parsed) {
            do throws(DiagnosticList) {
                var chapter = try result.get()
                let excerpts = ExcerptChecker.check(chapter, sources: sources)
                chapter.excerptDrift = excerpts.drift
                if excerpts.missing.isEmpty {
                    loaded.chapters.append(chapter)
                } else {
                    loaded.invalid.append((file, excerpts.missing, chapter.digest))
                }
            } catch {
                loaded.invalid.append((file, error.diagnostics, data.map(ChapterDigest.of) ?? ""))
            }
        }
        return loaded
    }

    /// One chapter parsed and validated as ``load()`` validates each: its excerpt regions
    /// must exist (drift is kept in `Chapter.excerptDrift`). `sources` caches the library
    /// files its excerpts show, shared between chapters. With `data`, the chapter is that
    /// text (one a stage has just written), not the file read again.
    func validated(
        _ file: ChapterFile, data: Data? = nil, sources: ExcerptSources? = nil
    ) throws(DiagnosticList) -> Chapter {
        var chapter = try parse(file, data: data ?? read(file))
        let excerpts = ExcerptChecker.check(chapter, sources: sources ?? ExcerptSources(root: root))
        guard excerpts.missing.isEmpty else { throw DiagnosticList(excerpts.missing) }
        chapter.excerptDrift = excerpts.drift
        return chapter
    }

    /// Parses and validates one chapter.
    func load(_ file: ChapterFile) throws(DiagnosticList) -> Chapter {
        try parse(file, data: read(file))
    }

    /// The bytes of `file`, read once: everything the run knows of the chapter comes from
    /// them. `nil` when it cannot be read.
    private func read(_ file: ChapterFile) -> Data? {
        FileManager.default.contents(atPath: root.appendingPathComponent(file.relativePath).path)
    }

    /// The chapter `file` whose bytes are `data`, parsed and validated; the model keeps the
    /// text (and so its digest).
    private func parse(_ file: ChapterFile, data: Data?) throws(DiagnosticList) -> Chapter {
        guard let data else {
            throw DiagnosticList([
                Diagnostic(file: file.relativePath, line: 1, message: "cannot read chapter")
            ])
        }
        let text: String
        do throws(Diagnostic) {
            text = try ChapterSource.text(of: data, path: file.relativePath)
        } catch {
            throw DiagnosticList([error])
        }
        let items = try ChapterExtractor.items(of: text, path: file.relativePath)
        var chapter = try ChapterAssembler.chapter(file: file, items: items)
        chapter.text = text
        return chapter
    }
}
