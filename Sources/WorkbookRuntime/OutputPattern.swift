import OutputMatching

/// An expected output with wildcards: a line that is exactly `...` matches any number of
/// lines, and `...` inside a line matches any run of characters on that line. Lets output
/// blocks leave out what differs between runs (addresses, timings).
public struct OutputPattern: Sendable {
    private let lines: [String]

    /// Creates a pattern from an output block's text.
    public init(_ text: String) {
        lines = Self.lines(of: text)
    }

    /// Splits text into lines, ignoring one final newline.
    static func lines(of text: String) -> [String] { OutputLines.lines(of: text) }

    /// Whether `actual` matches the pattern.
    public func matches(_ actual: String) -> Bool {
        let actualLines = Self.lines(of: actual)
        var memo: [Int: Bool] = [:]
        func match(_ pattern: Int, _ line: Int) -> Bool {
            let key = pattern * (actualLines.count + 1) + line
            if let known = memo[key] { return known }
            let result: Bool
            if pattern == lines.count {
                result = line == actualLines.count
            } else if lines[pattern] == "..." {
                result =
                    match(pattern + 1, line)
                    || (line < actualLines.count && match(pattern, line + 1))
            } else {
                result =
                    line < actualLines.count && Self.lineMatches(lines[pattern], actualLines[line])
                    && match(pattern + 1, line + 1)
            }
            memo[key] = result
            return result
        }
        return match(0, 0)
    }

    /// Whether one line matches, `...` standing for any run of characters.
    static func lineMatches(_ pattern: String, _ line: String) -> Bool {
        OutputLines.matches(pattern, line)
    }

    /// A readable explanation of why `actual` does not match: the first pattern line that
    /// cannot be matched, what stood there instead, and both texts in full.
    public func explainMismatch(_ actual: String) -> String {
        let actualLines = Self.lines(of: actual)
        // reachable[p] holds the actual positions where pattern line p can start matching.
        var reachable: Set<Int> = [0]
        var failedAt = lines.count
        var furthest = 0
        for (index, line) in lines.enumerated() {
            var next: Set<Int> = []
            for position in reachable {
                if line == "..." {
                    next.formUnion(position...actualLines.count)
                } else if position < actualLines.count,
                    Self.lineMatches(line, actualLines[position])
                {
                    next.insert(position + 1)
                }
            }
            if next.isEmpty {
                failedAt = index
                // After a `...` every later line is reachable; show the last real one.
                furthest = reachable.filter { $0 < actualLines.count }.max() ?? actualLines.count
                break
            }
            reachable = next
            furthest = reachable.max() ?? 0
        }
        var report = ["output does not match the output block"]
        if failedAt < lines.count {
            let found =
                furthest < actualLines.count
                ? Self.visible(actualLines[furthest]) : "(end of output)"
            report.append("first difference at expected line \(failedAt + 1):")
            report.append("  expected: \(Self.visible(lines[failedAt]))")
            report.append("  actual:   \(found)")
        } else if let extra = reachable.min(), extra < actualLines.count {
            report.append(
                "unexpected extra output at line \(extra + 1): \(Self.visible(actualLines[extra]))")
        }
        report.append("(shown with · for a trailing space, → for a tab, \"\" for an empty line)")
        report += unifiedDiff(actualLines)
        return report.joined(separator: "\n")
    }

    /// A line in quotes with what cannot be seen made visible: trailing spaces as `·`, tabs
    /// as `→`, other control characters as `\u{…}`.
    static func visible(_ line: String) -> String {
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

    /// A unified diff from the expected lines to `actualLines` in one hunk (outputs are
    /// short), lines paired by the longest common subsequence with wildcards honoured: a
    /// `...` line shows the lines it stands for as context.
    func unifiedDiff(_ actualLines: [String]) -> [String] {
        let (expected, actual) = (lines, actualLines)
        var common = Array(
            repeating: Array(repeating: 0, count: actual.count + 1), count: expected.count + 1)
        for i in stride(from: expected.count - 1, through: 0, by: -1) {
            for j in stride(from: actual.count - 1, through: 0, by: -1) {
                // A `...` line may absorb any number of actual lines (they are not counted).
                common[i][j] =
                    expected[i] == "..."
                    ? max(common[i + 1][j], common[i][j + 1])
                    : Self.lineMatches(expected[i], actual[j])
                        ? common[i + 1][j + 1] + 1 : max(common[i + 1][j], common[i][j + 1])
            }
        }
        var diff = [
            "--- expected", "+++ actual",
            "@@ -1,\(expected.count) +1,\(actual.count) @@",
        ]
        var (i, j) = (0, 0)
        while i < expected.count || j < actual.count {
            if i < expected.count, expected[i] == "..." {
                // Absorb while it costs no match and leaves at least one actual line for
                // each plain pattern line after it, so those pair up as changes.
                let absorbs = j < actual.count && common[i][j] == common[i][j + 1]
                let ends = common[i][j] == common[i + 1][j]
                let plainAfter = expected[(i + 1)...].count { $0 != "..." }
                if absorbs, !ends || actual.count - j > plainAfter {
                    diff.append(" " + actual[j])
                    j += 1
                } else {
                    i += 1
                }
                continue
            }
            if i < expected.count, j < actual.count, Self.lineMatches(expected[i], actual[j]),
                common[i][j] == common[i + 1][j + 1] + 1
            {
                diff.append(" " + actual[j])
                (i, j) = (i + 1, j + 1)
            } else if i < expected.count, j == actual.count || common[i + 1][j] >= common[i][j + 1]
            {
                diff.append("-" + Self.visible(expected[i]))
                i += 1
            } else {
                diff.append("+" + Self.visible(actual[j]))
                j += 1
            }
        }
        return diff
    }
}
