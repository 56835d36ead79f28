/// The line rules of an `output` block, shared by the test-time matcher (`WorkbookRuntime`)
/// and the promoter (`WorkbookEngine`), so `--update` keeps exactly the lines a run
/// accepts. A module of its own so the `workbook` tool does not link XCTest.
public enum OutputLines {
    /// Splits text into lines, ignoring one final newline.
    public static func lines(of text: String) -> [String] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// Whether one line matches a pattern line, `...` standing for any run of characters.
    public static func matches(_ pattern: String, _ line: String) -> Bool {
        let pieces = pattern.split(separator: "...", omittingEmptySubsequences: false).map(
            String.init)
        guard pieces.count > 1 else { return pattern == line }
        var rest = Substring(line)
        guard rest.hasPrefix(pieces[0]) else { return false }
        rest = rest.dropFirst(pieces[0].count)
        for piece in pieces.dropFirst().dropLast() {
            guard let range = rest.firstRange(of: piece) else { return false }
            rest = rest[range.upperBound...]
        }
        let last = pieces[pieces.count - 1]
        return rest.count >= last.count && rest.hasSuffix(last)
    }
}
