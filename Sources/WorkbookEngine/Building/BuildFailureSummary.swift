/// Summarises a failed build per chapter: which chapters have compiler errors (located in
/// their Markdown thanks to `#sourceLocation`) and whether anything outside them failed.
package enum BuildFailureSummary {
    /// The distinct `Chapters/…md:LINE:COL: error: …` lines of `output`, per chapter.
    package static func errors(in output: String, chapters: [ChapterFile]) -> [ChapterFile:
        [String]]
    {
        var result: [ChapterFile: [String]] = [:]
        var seen: Set<String> = []
        for line in output.split(separator: "\n") where line.contains(": error: ") {
            let text = String(line)
            guard let file = chapters.first(where: { text.contains($0.relativePath + ":") }),
                let start = text.firstRange(of: file.relativePath + ":"),
                !seen.contains(String(text[start.lowerBound...]))
            else { continue }
            let located = String(text[start.lowerBound...])
            seen.insert(located)
            result[file, default: []].append(located)
        }
        return result
    }

    /// A short report to print after the compiler's own output.
    package static func render(_ output: String, chapters: [ChapterFile]) -> String {
        let errors = errors(in: output, chapters: chapters)
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
