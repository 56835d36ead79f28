/// Lines up an output block's pattern lines with the lines a run printed. It is the one
/// place the `...` wildcard over lines is implemented: a match is an alignment that keeps
/// every pattern line (``isMatch``), the mismatch explanation and the diff are read off the
/// same steps, and `workbook test --update` rewrites only the steps that are not kept, so
/// it keeps exactly the lines a run accepts.
///
/// Keeping a matching line costs nothing, replacing or adding a line costs 1 and removing
/// one costs 2, so an author's line is rewritten rather than dropped while a `...` line
/// absorbs the rest. The cost table is filled iteratively, one cell per pattern line and
/// printed line, so an example that prints many lines needs no deep recursion.
package struct OutputAlignment: Equatable, Sendable {
    /// One step of the alignment, in order.
    package enum Step: Equatable, Sendable {
        /// A pattern line that matched a printed line (itself, or through `...` inside it).
        case matched(pattern: String, actual: String)
        /// A `...` line, with the printed lines it stands for (possibly none).
        case wildcard(absorbed: [String])
        /// A pattern line that matched nothing, replaced by a printed line.
        case replaced(old: String, new: String)
        /// A pattern line with no printed line left for it.
        case removed(String)
        /// A printed line no pattern line covered.
        case added(String)

        /// Whether the step keeps its pattern line as written.
        package var keepsPattern: Bool {
            switch self {
            case .matched, .wildcard: true
            case .replaced, .removed, .added: false
            }
        }
    }

    /// The output block's lines.
    package let pattern: [String]
    /// The printed lines.
    package let actual: [String]
    /// The cheapest alignment, in order.
    package let steps: [Step]

    /// Aligns `pattern` (an output block's text) with `actual` (what the example printed).
    package init(pattern: String, actual: String) {
        let expected = OutputLines.lines(of: pattern)
        let printed = OutputLines.lines(of: actual)
        self.pattern = expected
        self.actual = printed
        steps = Self.cheapestSteps(expected, printed)
    }

    /// Whether the printed text matches the pattern: every pattern line is kept.
    package var isMatch: Bool { steps.allSatisfy(\.keepsPattern) }

    private static func cheapestSteps(_ expected: [String], _ printed: [String]) -> [Step] {
        let columns = printed.count + 1
        // cost[p * columns + a]: cheapest alignment of expected[p...] with printed[a...].
        var cost = [Int](repeating: 0, count: (expected.count + 1) * columns)
        func at(_ p: Int, _ a: Int) -> Int { cost[p * columns + a] }
        var matches = [Bool](repeating: false, count: expected.count * columns)
        for p in stride(from: expected.count, through: 0, by: -1) {
            for a in stride(from: printed.count, through: 0, by: -1) {
                let value: Int
                if p == expected.count {
                    value = printed.count - a
                } else if a == printed.count {
                    value = at(p + 1, a) + (expected[p] == "..." ? 0 : 2)
                } else if expected[p] == "..." {
                    value = min(at(p + 1, a), at(p, a + 1))
                } else {
                    let lineMatches = OutputLines.matches(expected[p], printed[a])
                    matches[p * columns + a] = lineMatches
                    value = min(
                        lineMatches ? at(p + 1, a + 1) : Int.max, at(p + 1, a + 1) + 1,
                        at(p + 1, a) + 2, at(p, a + 1) + 1)
                }
                cost[p * columns + a] = value
            }
        }
        var steps: [Step] = []
        var absorbed: [String] = []
        var p = 0
        var a = 0
        while p < expected.count || a < printed.count {
            if p == expected.count {
                steps.append(.added(printed[a]))
                a += 1
            } else if expected[p] == "..." {
                // A wildcard absorbs as few lines as the cheapest alignment allows, so the
                // pattern lines after it pair up with the lines they match.
                if at(p, a) == at(p + 1, a) {
                    steps.append(.wildcard(absorbed: absorbed))
                    absorbed = []
                    p += 1
                } else {
                    absorbed.append(printed[a])
                    a += 1
                }
            } else if a == printed.count {
                steps.append(.removed(expected[p]))
                p += 1
            } else if matches[p * columns + a], at(p, a) == at(p + 1, a + 1) {
                steps.append(.matched(pattern: expected[p], actual: printed[a]))
                p += 1
                a += 1
            } else if at(p, a) == at(p + 1, a + 1) + 1 {
                steps.append(.replaced(old: expected[p], new: printed[a]))
                p += 1
                a += 1
            } else if at(p, a) == at(p + 1, a) + 2 {
                steps.append(.removed(expected[p]))
                p += 1
            } else {
                steps.append(.added(printed[a]))
                a += 1
            }
        }
        return steps
    }
}
