/// Lines up an output block's pattern lines with the lines a run printed, so a promotion
/// (`workbook test --update`) can rewrite only what differs and keep the author's `...`
/// wildcards: a pattern line that matches stays as written, `...` lines absorb any run of
/// actual lines, and the fewest other lines are replaced, removed or added.
public enum OutputAlignment {
    /// One step of the alignment, in order.
    public enum Step: Equatable, Sendable {
        /// A pattern line kept as written (it matched, or it is a `...` line).
        case kept(String)
        /// A pattern line that matched nothing, replaced by an actual line.
        case replaced(old: String, new: String)
        /// A pattern line with no actual line left for it.
        case removed(String)
        /// An actual line no pattern line covered.
        case added(String)
    }

    /// The cheapest alignment of `pattern` (an output block's text) to `actual` (what the
    /// example printed). Keeping a matching line costs nothing, replacing or adding a line
    /// costs 1 and removing one costs 2, so an author's line is rewritten rather than
    /// dropped while a `...` absorbs the rest.
    public static func steps(pattern: String, actual: String) -> [Step] {
        let expected = OutputLines.lines(of: pattern)
        let printed = OutputLines.lines(of: actual)
        let rows = expected.count + 1
        let columns = printed.count + 1
        // cost[p][a]: cheapest alignment of expected[p...] with printed[a...].
        var cost = [[Int]](repeating: [Int](repeating: 0, count: columns), count: rows)
        for p in stride(from: expected.count, through: 0, by: -1) {
            for a in stride(from: printed.count, through: 0, by: -1) {
                if p == expected.count {
                    cost[p][a] = printed.count - a
                } else if a == printed.count {
                    cost[p][a] = cost[p + 1][a] + (expected[p] == "..." ? 0 : 2)
                } else if expected[p] == "..." {
                    cost[p][a] = min(cost[p + 1][a], cost[p][a + 1])
                } else {
                    let match =
                        OutputLines.matches(expected[p], printed[a])
                        ? cost[p + 1][a + 1] : Int.max
                    cost[p][a] = min(
                        match, cost[p + 1][a + 1] + 1, cost[p + 1][a] + 2, cost[p][a + 1] + 1)
                }
            }
        }
        var steps: [Step] = []
        var p = 0
        var a = 0
        while p < expected.count || a < printed.count {
            if p == expected.count {
                steps.append(.added(printed[a]))
                a += 1
            } else if expected[p] == "..." {
                if a < printed.count, cost[p][a] == cost[p][a + 1] {
                    a += 1  // the wildcard absorbs this line
                } else {
                    steps.append(.kept("..."))
                    p += 1
                }
            } else if a == printed.count {
                steps.append(.removed(expected[p]))
                p += 1
            } else if OutputLines.matches(expected[p], printed[a]),
                cost[p][a] == cost[p + 1][a + 1]
            {
                steps.append(.kept(expected[p]))
                p += 1
                a += 1
            } else if cost[p][a] == cost[p + 1][a + 1] + 1 {
                steps.append(.replaced(old: expected[p], new: printed[a]))
                p += 1
                a += 1
            } else if cost[p][a] == cost[p + 1][a] + 2 {
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
