import Foundation

/// The lines between `// snippet.NAME` and `// snippet.end` in a library file (DocC's
/// slice comments), which an excerpt block must reproduce.
struct SourceRegion: Equatable, Sendable {
    /// The region's lines without marker lines, common indentation removed.
    let lines: [String]

    /// Reads the region named by `reference` through `sources` (each library file is read
    /// once however many excerpts show it), or throws a diagnostic located at `line` of
    /// `chapterPath` when the file or the region does not exist.
    init(
        _ reference: SourceRegionReference, sources: ExcerptSources, chapterPath: String, line: Int
    ) throws(Diagnostic) {
        guard let all = sources.lines(of: reference.path) else {
            throw Diagnostic(
                file: chapterPath, line: line,
                message: "excerpt file '\(reference.path)' does not exist")
        }
        let markers = sources.markers(of: reference.path)
        guard let start = markers.filter({ $0.value == reference.region }).keys.min() else {
            throw Diagnostic(
                file: chapterPath, line: line,
                message:
                    "region '\(reference.region)' not found in \(reference.path) (mark it with // snippet.\(reference.region) ... // snippet.end)"
            )
        }
        guard let end = markers.filter({ $0.key > start && $0.value == "end" }).keys.min() else {
            throw Diagnostic(
                file: chapterPath, line: line,
                message: "region '\(reference.region)' in \(reference.path) has no // snippet.end")
        }
        let body = ((start + 1)..<end).filter { markers[$0] == nil }.map { all[$0] }
        self.lines = Self.normalized(Array(body))
    }

    /// The slice name when `line` is a `// snippet.NAME` marker.
    static func marker(in line: String) -> String? {
        guard line.utf8.contains(UInt8(ascii: ".")), line.contains("// snippet.") else {
            return nil
        }
        let trimmed = line.trimmingSpaces
        guard trimmed.hasPrefix("// snippet.") else { return nil }
        let name = trimmed.dropFirst("// snippet.".count)
        return name.isEmpty || name.contains(" ") ? nil : String(name)
    }

    /// Removes trailing spaces, leading and trailing blank lines and common indentation.
    static func normalized(_ lines: [String]) -> [String] {
        var lines = lines.map { line in
            var line = Substring(line)
            while let last = line.last, last == " " || last == "\t" { line.removeLast() }
            return String(line)
        }
        while lines.first == "" { lines.removeFirst() }
        while lines.last == "" { lines.removeLast() }
        let indent =
            lines.filter { !$0.isEmpty }.map { $0.prefix { $0 == " " || $0 == "\t" }.count }.min()
            ?? 0
        return lines.map { $0.isEmpty ? $0 : String($0.dropFirst(indent)) }
    }
}
