/// Names a region of library source (`Sources/File.swift#region`) that an excerpt shows.
package struct SourceRegionReference: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The file, relative to the workbook root; always under `Sources/`.
    let path: String
    /// The DocC slice name, as in `// snippet.NAME`.
    let region: String

    /// Parses `path#region`; `nil` when either part is missing or the path escapes `Sources/`.
    init?(_ text: String) {
        let parts = text.split(separator: "#", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else { return nil }
        let path = String(parts[0])
        guard path.hasPrefix("Sources/"), !path.split(separator: "/").contains("..") else {
            return nil
        }
        self.path = path
        self.region = String(parts[1])
    }

    /// The `path#region` form used in info strings.
    package var description: String { "\(path)#\(region)" }
}
