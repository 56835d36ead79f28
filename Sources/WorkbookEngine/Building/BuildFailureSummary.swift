import Foundation

/// Summarises a failed build per chapter: which chapters have compiler errors (located in
/// their Markdown thanks to `#sourceLocation`) and whether anything outside them failed.
/// An error the compiler places in a chapter's generated file itself (outside any mapped
/// block) is that chapter's too, placed by the generator's ``LineMap`` at the nearest block
/// above it, so a chapter can never stop the others' build by breaking the code around its
/// blocks.
enum BuildFailureSummary {
    /// The distinct `Chapters/…md:LINE:COL: error: …` lines of `output`, per chapter;
    /// `lineMaps` are the chapters' generated files' maps.
    static func errors(
        in output: String, chapters: [ChapterFile], lineMaps: [ChapterFile: LineMap]
    ) -> [ChapterFile: [String]] {
        var result: [ChapterFile: [String]] = [:]
        var seen: Set<String> = []
        for line in output.split(separator: "\n") where line.contains(": error: ") {
            let text = String(line)
            let located: String
            let file: ChapterFile
            if let chapter = chapters.first(where: { text.contains($0.relativePath + ":") }),
                let start = text.firstRange(of: chapter.relativePath + ":")
            {
                file = chapter
                located = String(text[start.lowerBound...])
            } else if let chapter = chapters.first(where: {
                text.contains($0.generatedRelativePath + ":")
            }), let mapped = mapGenerated(text, chapter: chapter, lineMap: lineMaps[chapter]) {
                file = chapter
                located = mapped
            } else {
                continue
            }
            guard !seen.contains(located) else { continue }
            seen.insert(located)
            result[file, default: []].append(located)
        }
        return result
    }

    /// An error at `…/Tests/Chapters/M/M.swift:L:C: error: …`, placed in `chapter` at the
    /// line `lineMap` gives for `L` (the chapter's first line without a map).
    private static func mapGenerated(_ text: String, chapter: ChapterFile, lineMap: LineMap?)
        -> String?
    {
        guard let range = text.firstRange(of: chapter.generatedRelativePath + ":"),
            let errorRange = text.firstRange(of: ": error: ")
        else { return nil }
        let numbers = text[range.upperBound..<errorRange.lowerBound].split(separator: ":")
        guard let generatedLine = numbers.first.flatMap({ Int($0) }), generatedLine > 0 else {
            return nil
        }
        let markdownLine = lineMap?.markdownLine(forGenerated: generatedLine) ?? 1
        let message = text[errorRange.upperBound...]
        return
            "\(chapter.relativePath):\(markdownLine): error: \(message) (in the code generated around this chapter's blocks, \(chapter.generatedRelativePath):\(generatedLine))"
    }

    /// A short report to print after the compiler's own output, from its `errors` as
    /// ``errors(in:chapters:lineMaps:)`` read them (the output is not read again).
    static func render(_ errors: [ChapterFile: [String]], chapters: [ChapterFile]) -> String {
        var lines = ["", "Build failed."]
        for file in chapters.sorted() {
            guard let found = errors[file] else { continue }
            lines.append("\(file.fileName): \(found.count) compile error(s)")
            lines += found.map { "  " + $0 }
        }
        if errors.isEmpty {
            lines.append("No chapter has compile errors; see the compiler output above.")
        }
        return lines.joined(separator: "\n")
    }
}
