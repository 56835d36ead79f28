/// What a reader sees when an example's output does not match its block: both read off
/// the alignment, so the first difference named and the diff shown are the ones the
/// matcher and `--update` act on.
extension OutputAlignment {
    /// Why the printed text does not match: the first pattern line not kept, what stood
    /// there instead, and a unified diff.
    package func explanation() -> String {
        var report = ["output does not match the output block"]
        var p = 0
        var a = 0
        for step in steps {
            switch step {
            case .matched:
                p += 1
                a += 1
                continue
            case .wildcard(let absorbed):
                p += 1
                a += absorbed.count
                continue
            case .replaced(let old, let new):
                report += Self.difference(at: p, expected: old, actual: OutputLines.visible(new))
            case .removed(let old):
                let found = a < actual.count ? OutputLines.visible(actual[a]) : "(end of output)"
                report += Self.difference(at: p, expected: old, actual: found)
            case .added(let new):
                if p < pattern.count {
                    report += Self.difference(
                        at: p, expected: pattern[p], actual: OutputLines.visible(new))
                } else {
                    report.append(
                        "unexpected extra output at line \(a + 1): \(OutputLines.visible(new))")
                }
            }
            break
        }
        report.append("(shown with · for a trailing space, → for a tab, \"\" for an empty line)")
        report += unifiedDiff()
        return report.joined(separator: "\n")
    }

    private static func difference(at index: Int, expected: String, actual: String) -> [String] {
        [
            "first difference at expected line \(index + 1):",
            "  expected: \(OutputLines.visible(expected))",
            "  actual:   \(actual)",
        ]
    }

    /// The steps as one unified-diff hunk (outputs are short): printed lines a pattern
    /// line or a `...` kept are context, the rest `-` and `+` with invisible characters
    /// shown.
    package func unifiedDiff() -> [String] {
        var diff = [
            "--- expected", "+++ actual", "@@ -1,\(pattern.count) +1,\(actual.count) @@",
        ]
        for step in steps {
            switch step {
            case .matched(_, let line): diff.append(" " + line)
            case .wildcard(let absorbed): diff += absorbed.map { " " + $0 }
            case .replaced(let old, let new):
                diff += ["-" + OutputLines.visible(old), "+" + OutputLines.visible(new)]
            case .removed(let old): diff.append("-" + OutputLines.visible(old))
            case .added(let new): diff.append("+" + OutputLines.visible(new))
            }
        }
        return diff
    }
}
