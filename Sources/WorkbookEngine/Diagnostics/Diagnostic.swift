/// One problem found in a chapter or in the generated files, pointing at a line so that
/// editors and terminals can jump to it.
package struct Diagnostic: Error, Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The file the problem is in, relative to the workbook root (e.g. `Chapters/03-x.md`).
    let file: String
    /// The 1-based line of the problem.
    let line: Int
    /// What is wrong, phrased so that the reader knows what to change.
    let message: String

    /// Creates a diagnostic for `file` at `line`.
    init(file: String, line: Int, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    /// The `file:line: error: message` form that compilers and editors understand.
    package var description: String {
        "\(file):\(line): error: \(message)"
    }
}

/// A set of diagnostics thrown together, so that one run reports every problem at once
/// instead of stopping at the first.
public struct DiagnosticList: Error, Sendable, CustomStringConvertible {
    /// The problems, in the order they were found.
    package let diagnostics: [Diagnostic]

    /// Wraps `diagnostics`, which should not be empty.
    init(_ diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics
    }

    /// One diagnostic per line.
    public var description: String {
        diagnostics.map(\.description).joined(separator: "\n")
    }
}
