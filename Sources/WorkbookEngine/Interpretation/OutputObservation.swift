import Foundation

/// What one example printed for one output block, as the runtime recorded it while the
/// test ran, so `workbook test --update` can promote it and mismatches can be shown.
public struct OutputObservation: Codable, Equatable, Sendable {
    /// The chapter, relative to the package root (`Chapters/13-scheduling.md`).
    public let file: String
    /// The 1-based Markdown line of the output block's opening fence.
    public let line: Int
    /// What the example printed.
    public let actual: String
    /// Whether it matched the output block.
    public let matched: Bool

    /// Creates an observation.
    public init(file: String, line: Int, actual: String, matched: Bool) {
        self.file = file
        self.line = line
        self.actual = actual
        self.matched = matched
    }

    /// Decodes the JSON-lines file the runtime appends to; lines that do not decode (a
    /// process killed mid-write) are dropped.
    public static func decodeLines(_ text: String) -> [OutputObservation] {
        let decoder = JSONDecoder()
        return text.split(separator: "\n").compactMap {
            try? decoder.decode(OutputObservation.self, from: Data($0.utf8))
        }
    }
}
