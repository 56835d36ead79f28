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
            let found = furthest < actualLines.count ? actualLines[furthest] : "(end of output)"
            report.append("first difference at expected line \(failedAt + 1):")
            report.append("  expected: \(lines[failedAt])")
            report.append("  actual:   \(found)")
        } else if let extra = reachable.min(), extra < actualLines.count {
            report.append("unexpected extra output at line \(extra + 1): \(actualLines[extra])")
        }
        report.append("--- expected")
        report += lines.map { "  " + $0 }
        report.append("+++ actual")
        report += actualLines.map { "  " + $0 }
        return report.joined(separator: "\n")
    }
}
