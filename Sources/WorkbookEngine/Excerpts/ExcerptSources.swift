import Foundation

/// Library files read once per run and shared by every excerpt that shows them.
final class ExcerptSources {
    private let root: URL
    private var cache: [String: [String]?] = [:]
    private var markerCache: [String: [Int: String]] = [:]

    /// A cache reading files relative to `root`.
    init(root: URL) {
        self.root = root
    }

    /// The lines of the file at `path` (relative to the root), or `nil` if it is unreadable.
    func lines(of path: String) -> [String]? {
        if let cached = cache[path] { return cached }
        let url = root.appendingPathComponent(path)
        let lines = FileManager.default.contents(atPath: url.path)
            .flatMap { String(data: $0, encoding: .utf8) }
            .map {
                // By bytes, not by Character: grapheme breaking made this a tenth of `generate`.
                $0.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
                    .map { String(Substring($0)) }
            }
        cache[path] = lines
        return lines
    }

    /// The `// snippet.NAME` marker lines of the file at `path`, by 0-based line index.
    func markers(of path: String) -> [Int: String] {
        if let cached = markerCache[path] { return cached }
        var markers: [Int: String] = [:]
        for (index, line) in (lines(of: path) ?? []).enumerated() {
            if let name = SourceRegion.marker(in: line) {
                markers[index] = name
            }
        }
        markerCache[path] = markers
        return markers
    }
}
