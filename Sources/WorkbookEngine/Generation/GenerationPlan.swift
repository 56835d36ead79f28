import Foundation
import WorkbookContract

/// The difference between the generated files a workbook should have and what is on
/// disk: `generate` applies it, `check` reports it.
public struct GenerationPlan: Equatable, Sendable {
    /// Files that do not exist yet.
    var missing: [GeneratedFile] = []
    /// Files whose content differs.
    var stale: [GeneratedFile] = []
    /// Files under `Tests/Chapters` that carry the generated header but no chapter makes.
    var orphaned: [String] = []
    /// Files up to date.
    var unchanged: [String] = []
    /// Hand-written files (no generated header) where a generated file would go: never
    /// overwritten; each is an error until the author moves it.
    var inTheWay: [GeneratedFile] = []

    /// Whether disk already matches.
    public var isUpToDate: Bool {
        missing.isEmpty && stale.isEmpty && orphaned.isEmpty && inTheWay.isEmpty
    }

    /// Compares `expected` with the files under `root`.
    public init(expected: [GeneratedFile], root: URL) {
        let manager = FileManager.default
        for file in expected {
            let url = root.appendingPathComponent(file.path)
            if let data = manager.contents(atPath: url.path) {
                if data == Data(file.contents.utf8) {
                    unchanged.append(file.path)
                } else if !Self.isGenerated(url) {
                    inTheWay.append(file)
                } else {
                    stale.append(file)
                }
            } else {
                missing.append(file)
            }
        }
        orphaned += MarbleDrawings.orphans(under: root, expected: expected)
        let wanted = Set(expected.map(\.path))
        let base = root.appendingPathComponent(ChapterNaming.generatedFolder)
        let folders = (try? manager.contentsOfDirectory(atPath: base.path)) ?? []
        for folder in folders.sorted() {
            let folderURL = base.appendingPathComponent(folder)
            let names = (try? manager.contentsOfDirectory(atPath: folderURL.path)) ?? []
            for name in names.sorted() where name.hasSuffix(".swift") {
                let path = "\(ChapterNaming.generatedFolder)/\(folder)/\(name)"
                if !wanted.contains(path), Self.isGenerated(folderURL.appendingPathComponent(name))
                {
                    orphaned.append(path)
                }
            }
        }
    }

    /// Whether the file at `url` starts with a generated-file header (the Swift one or the
    /// table of contents' one).
    static func isGenerated(_ url: URL) -> Bool {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return false }
        defer { try? handle.close() }
        let head = String(decoding: (try? handle.read(upToCount: 200)) ?? Data(), as: UTF8.self)
        return head.hasPrefix(SwiftGenerator.headerPrefix)
            || head.hasPrefix(TableOfContents.header) || head.hasPrefix(MarbleSVG.headerPrefix)
    }

    /// `check`'s report: one diagnostic per file that is missing, stale or orphaned.
    var problems: [Diagnostic] {
        inTheWay.map {
            Diagnostic(
                file: $0.path, line: 1,
                message:
                    "this file has no generated-file header but sits where the file generated from \($0.source) goes; move or rename it (generate never overwrites a hand-written file)"
            )
        }
            + missing.map {
                Diagnostic(
                    file: $0.path, line: 1,
                    message: "generated file is missing; run `swift run workbook generate`")
            }
            + stale.map {
                Diagnostic(
                    file: $0.path, line: 1,
                    message: "generated file is stale; run `swift run workbook generate`")
            }
            + orphaned.map {
                Diagnostic(
                    file: $0, line: 1,
                    message: "generated file has no chapter; run `swift run workbook generate`")
            }
    }
}
