import Foundation

/// Loads every chapter of a workbook, validating all of them before anything is written,
/// so a bad chapter never leaves a half-generated tree behind.
public struct WorkbookLoader: Sendable {
    /// The workbook (package) root.
    public let root: URL

    /// Creates a loader for the workbook at `root`.
    public init(root: URL) {
        self.root = root
    }

    /// The chapters' `.md` files, validated by name and sorted by number.
    public func chapterFiles() throws(DiagnosticList) -> [ChapterFile] {
        let (files, problems) = scanChapterFiles()
        guard problems.isEmpty else { throw DiagnosticList(problems) }
        return files
    }

    /// The well-named chapter files, and a problem for each badly named or duplicate one.
    private func scanChapterFiles() -> ([ChapterFile], [Diagnostic]) {
        let directory = root.appendingPathComponent("Chapters")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        var files: [ChapterFile] = []
        var problems: [Diagnostic] = []
        var numbers: [String: String] = [:]
        for name in names.sorted() where name.hasSuffix(".md") {
            do throws(Diagnostic) {
                let file = try ChapterFile(fileName: name)
                if let other = numbers[file.number] {
                    throw Diagnostic(
                        file: file.relativePath, line: 1,
                        message: "chapter number \(file.number) is also used by Chapters/\(other)")
                }
                numbers[file.number] = name
                files.append(file)
            } catch {
                problems.append(error)
            }
        }
        return (files.sorted(), problems)
    }

    /// Every chapter, parsed and validated (excerpt regions must exist); throws all
    /// problems of all chapters at once.
    public func chapters() throws(DiagnosticList) -> [Chapter] {
        let (files, nameProblems) = scanChapterFiles()
        var chapters: [Chapter] = []
        var problems = nameProblems
        let sources = ExcerptSources(root: root)
        for file in files {
            do throws(DiagnosticList) {
                let chapter = try load(file)
                let missing = ExcerptChecker.missingRegions(
                    in: chapter, root: root, sources: sources)
                problems += missing
                chapters.append(chapter)
            } catch {
                problems += error.diagnostics
            }
        }
        guard problems.isEmpty else { throw DiagnosticList(problems) }
        return chapters
    }

    /// Parses and validates one chapter.
    public func load(_ file: ChapterFile) throws(DiagnosticList) -> Chapter {
        let url = root.appendingPathComponent(file.relativePath)
        guard let data = FileManager.default.contents(atPath: url.path) else {
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
        return try ChapterAssembler.chapter(file: file, items: items)
    }

    /// The files `generate` should produce for `chapters`.
    public static func generatedFiles(for chapters: [Chapter]) -> [GeneratedFile] {
        chapters.map {
            GeneratedFile(
                path: $0.file.generatedRelativePath, contents: SwiftGenerator.source(for: $0))
        }
    }
}
