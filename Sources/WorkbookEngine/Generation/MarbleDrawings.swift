import Foundation

/// The generated pictures of the marble blocks: one SVG per block, in `Chapters/diagrams/`,
/// kept by `generate` and checked by `check` like the generated test files.
enum MarbleDrawings {
    /// One generated SVG per marble block of `chapters`.
    static func files(for chapters: [Chapter]) -> [GeneratedFile] {
        chapters.flatMap { chapter in
            chapter.units.flatMap { unit -> [GeneratedFile] in
                guard case .example(let test, let checks) = unit.kind else { return [] }
                return checks.filter { $0.kind == .marble }.map {
                    GeneratedFile(
                        path: MarbleSVG.path(for: chapter.file, test: test.name),
                        contents: MarbleSVG.source(
                            for: $0.text, test: test.name, source: chapter.file.relativePath),
                        source: chapter.file.relativePath)
                }
            }
        }
    }

    /// A problem per marble block of `chapters` whose picture the chapter does not show:
    /// the first line that is not blank after the block (``OutputBlock/lineAfter``, kept by
    /// the extractor) must link to it.
    static func unshown(_ chapters: [Chapter]) -> [Diagnostic] {
        chapters.flatMap { chapter -> [Diagnostic] in
            chapter.units.flatMap { unit -> [Diagnostic] in
                guard case .example(let test, let checks) = unit.kind else { return [] }
                return checks.filter { $0.kind == .marble }.compactMap { block in
                    let name = MarbleSVG.fileName(for: chapter.file, test: test.name)
                    if block.lineAfter?.contains("](\(MarbleSVG.folder)/\(name))") == true {
                        return nil
                    }
                    return Diagnostic(
                        file: chapter.file.relativePath, line: block.fenceLine,
                        message:
                            "the chapter does not show this marble block's picture: put ![what it shows](\(MarbleSVG.folder)/\(name)) on the first line that is not blank after the block"
                    )
                }
            }
        }
    }

    /// The generated pictures under `root` that none of `expected` is: a picture whose block
    /// is gone, whose example was renamed, or whose chapter was renamed or deleted. Only a
    /// file with the generated header is one; any other file is left alone.
    static func orphans(under root: URL, expected: [GeneratedFile]) -> [String] {
        let wanted = Set(expected.map(\.path))
        let folder = root.appendingPathComponent("Chapters/\(MarbleSVG.folder)")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.sorted().compactMap { name in
            let path = "Chapters/\(MarbleSVG.folder)/\(name)"
            guard name.hasSuffix(".svg"), !wanted.contains(path),
                GenerationPlan.isGenerated(folder.appendingPathComponent(name))
            else { return nil }
            return path
        }
    }

    /// Whether `path` is where a picture of `chapter` goes, for a run that leaves an invalid
    /// chapter's generated files as they are.
    static func isPicture(_ path: String, of chapter: ChapterFile) -> Bool {
        path.hasPrefix("Chapters/\(MarbleSVG.folder)/\(chapter.fileName.dropLast(".md".count)).")
            && path.hasSuffix(".svg")
    }
}
