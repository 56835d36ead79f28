import Foundation

/// What one example printed for one output block, as the runtime records it while the test
/// runs and `workbook test` reads it afterwards (for `--update` and mismatch reports): one
/// JSON object per line, appended to the file named by ``WorkbookEnvironment/outputChecks``.
package struct OutputCheckRecord: Codable, Equatable, Sendable {
    /// The chapter, relative to the package root (`Chapters/13-scheduling.md`).
    package let file: String
    /// The 1-based Markdown line of the output block's opening fence.
    package let line: Int
    /// What the example printed.
    package let actual: String
    /// Whether it matched the output block.
    package let matched: Bool

    /// Creates a record.
    package init(file: String, line: Int, actual: String, matched: Bool) {
        self.file = file
        self.line = line
        self.actual = actual
        self.matched = matched
    }

    /// The record as one line of JSON, newline included, to append in one `write`.
    package var encodedLine: Data? { JSONLines.line(self) }

    /// The records of a file of such lines; a line that does not decode (a process killed
    /// mid-write) is dropped.
    package static func decodeLines(_ text: String) -> [OutputCheckRecord] {
        JSONLines.decode(Self.self, from: Data(text.utf8))
    }
}
