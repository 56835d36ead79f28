import OutputMatching

/// An expected output with wildcards: a line that is exactly `...` matches any number of
/// lines, and `...` inside a line matches any run of characters on that line. Lets output
/// blocks leave out what differs between runs (addresses, timings).
///
/// Matching and the explanation of a mismatch both come from one ``OutputAlignment``, the
/// same alignment `workbook test --update` rewrites by.
package struct OutputPattern: Sendable {
    private let text: String

    /// Creates a pattern from an output block's text.
    package init(_ text: String) {
        self.text = text
    }

    /// Splits text into lines, ignoring one final newline.
    static func lines(of text: String) -> [String] { OutputLines.lines(of: text) }

    /// The alignment of `actual` with the pattern: a match when it keeps every line.
    package func alignment(with actual: String) -> OutputAlignment {
        OutputAlignment(pattern: text, actual: actual)
    }

    /// Whether `actual` matches the pattern.
    package func matches(_ actual: String) -> Bool {
        alignment(with: actual).isMatch
    }

    /// A readable explanation of why `actual` does not match: the first pattern line not
    /// kept, what stood there instead, and a unified diff.
    package func explainMismatch(_ actual: String) -> String {
        alignment(with: actual).explanation()
    }
}
