import Foundation

/// The lines between `// snippet.NAME` and `// snippet.end` in a library file (DocC's
/// slice comments), which an excerpt block must reproduce.
public struct SourceRegion: Equatable, Sendable {
    /// The region's lines without marker lines, common indentation removed.
    public let lines: [String]

    /// Reads the region named by `reference` under `root`, or throws a diagnostic located
    /// at `line` of `chapterPath` when the file or the region does not exist.
    public init(
        _ reference: SourceRegionReference, root: URL, chapterPath: String, line: Int
    ) throws(Diagnostic) {
        let url = root.appendingPathComponent(reference.path)
        guard let data = FileManager.default.contents(atPath: url.path),
            let text = String(data: data, encoding: .utf8)
        else {
            throw Diagnostic(
                file: chapterPath, line: line,
                message: "excerpt file '\(reference.path)' does not exist")
        }
        let all = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let start = all.firstIndex(where: { Self.marker(in: $0) == reference.region }) else {
            throw Diagnostic(
                file: chapterPath, line: line,
                message:
                    "region '\(reference.region)' not found in \(reference.path) (mark it with // snippet.\(reference.region) ... // snippet.end)"
            )
        }
        let rest = all[(start + 1)...]
        guard let end = rest.firstIndex(where: { Self.marker(in: $0) == "end" }) else {
            throw Diagnostic(
                file: chapterPath, line: line,
                message: "region '\(reference.region)' in \(reference.path) has no // snippet.end")
        }
        let body = all[(start + 1)..<end].filter { Self.marker(in: $0) == nil }
        self.lines = Self.normalized(Array(body))
    }

    /// The slice name when `line` is a `// snippet.NAME` marker.
    static func marker(in line: String) -> String? {
        let trimmed = line.trimmingSpaces
        guard trimmed.hasPrefix("// snippet.") else { return nil }
        let name = trimmed.dropFirst("// snippet.".count)
        return name.isEmpty || name.contains(" ") ? nil : String(name)
    }

    /// Removes trailing spaces, leading and trailing blank lines and common indentation.
    public static func normalized(_ lines: [String]) -> [String] {
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
