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

    /// The generated pictures under `root` that none of `expected` is, for the chapters
    /// `expected` comes from: a picture whose block is gone, or whose example was renamed.
    static func orphans(under root: URL, expected: [GeneratedFile]) -> [String] {
        let wanted = Set(expected.map(\.path))
        let chapters = Set(
            expected.map {
                URL(fileURLWithPath: $0.source).deletingPathExtension().lastPathComponent
            })
        let folder = root.appendingPathComponent("Chapters/\(MarbleSVG.folder)")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.sorted().compactMap { name in
            let path = "Chapters/\(MarbleSVG.folder)/\(name)"
            guard name.hasSuffix(".svg"), !wanted.contains(path),
                let chapter = name.split(separator: ".").first, chapters.contains(String(chapter)),
                GenerationPlan.isGenerated(folder.appendingPathComponent(name))
            else { return nil }
            return path
        }
    }
}
