/// What a learner reads when a component breaks the contract: each broken rule once, with
/// its first failing scenario and a short history, and at the end the one-line headlines
/// again, so the useful lines sit just above the test run's totals.
extension ConformanceReport {
    /// How many ledger lines a history shows: about 20 normally, 60 with `--verbose`.
    static func historyLimit(verbose: Bool) -> Int { verbose ? 60 : 20 }

    /// The first line of a broken rule's message: the component, the broken promise in
    /// plain words, and the section that teaches it at or before `chapter`.
    public func headline(of rule: ConformanceRule, chapter: Int? = nil) -> String {
        "\(subject) \(rule.explanation(upTo: chapter))"
    }

    /// One broken rule: its headline, then the first failing scenario with its history,
    /// then how many more scenarios broke it. `verbose` shows every scenario in full.
    public func details(of rule: ConformanceRule, verbose: Bool, chapter: Int? = nil) -> String {
        var lines = [headline(of: rule, chapter: chapter)]
        let found = failures.filter { $0.rule == rule }
        guard let first = found.first else {
            if case .fail(let message) = outcome(rule) { lines.append(message) }
            return lines.joined(separator: "\n")
        }
        let limit = Self.historyLimit(verbose: verbose)
        for failure in verbose ? found : [first] {
            lines.append(failure.headline)
            if let history = failure.history { lines.append(history.rendered(limit: limit)) }
        }
        let others = Set(found.dropFirst().map(\.scenario)).subtracting([first.scenario])
        if !verbose && !others.isEmpty {
            let plural = others.count == 1 ? "scenario" : "scenarios"
            lines.append(
                "\(rule) broke in \(others.count) more \(plural) (--verbose shows them)")
        }
        return lines.joined(separator: "\n")
    }

    /// Every broken rule in `rules` (all by default) in one line each, to repeat after the
    /// details; `nil` when none broke.
    public func summary(of rules: Set<ConformanceRule>? = nil, chapter: Int? = nil) -> String? {
        let broken = failedRules.intersection(rules ?? failedRules).sorted()
        guard !broken.isEmpty else { return nil }
        let count = broken.count == 1 ? "1 rule" : "\(broken.count) rules"
        return
            (["\(subject) broke \(count) of the contract:"]
            + broken.map { "  \($0): \($0.explanation(upTo: chapter))" })
            .joined(separator: "\n")
    }
}
