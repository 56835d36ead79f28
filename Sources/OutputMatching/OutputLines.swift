/// The line rules of an `output` block, used by ``OutputAlignment``, which both the
/// test-time matcher (`WorkbookRuntime`) and `workbook test --update` (`WorkbookEngine`) read. A module
/// of its own so the `workbook` tool does not link XCTest.
package enum OutputLines {
    /// Splits text into lines, ignoring one final newline.
    package static func lines(of text: String) -> [String] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// Whether one line matches a pattern line, `...` standing for any run of characters.
    package static func matches(_ pattern: String, _ line: String) -> Bool {
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

    /// A line in quotes with what cannot be seen made visible: trailing spaces as `·`, tabs
    /// as `→`, other control characters as `\u{…}`.
    package static func visible(_ line: String) -> String {
        let body = line.reversed().drop { $0 == " " }.reversed()
        let trailing = line.count - body.count
        var result = ""
        for scalar in String(body).unicodeScalars {
            switch scalar {
            case "\t": result += "→"
            case "\r": result += "\\r"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    result += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return "\"" + result + String(repeating: "·", count: trailing) + "\""
    }
}
