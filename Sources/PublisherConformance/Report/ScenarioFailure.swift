/// One broken check: the rule, the scenario that broke it, what went wrong, and the signals
/// the subscriber saw, so a report can show the first failure of a rule in full and count
/// the others.
public struct ScenarioFailure: Sendable, Equatable {
    /// The rule the check belongs to.
    public let rule: ConformanceRule
    /// The scenario that was running, with its round when it has rounds.
    public let scenario: String
    /// What went wrong, in one line.
    public let message: String
    /// The subscriber's ledger at the time, if a subscriber saw it.
    public let history: History?

    /// Describes one broken check.
    public init(rule: ConformanceRule, scenario: String, message: String, history: History?) {
        self.rule = rule
        self.scenario = scenario
        self.message = message
        self.history = history
    }

    /// `R2 demand-bound failed in scenario 'zero demand, then max(2)': 3 values ...`.
    public var headline: String {
        "\(rule) failed in scenario '\(scenario)': \(message)"
    }

    /// The signals one subscriber saw, one ledger line each.
    public struct History: Sendable, Equatable {
        /// The subscriber's label ("unrequested", "churn 1.3").
        public let label: String
        /// Every signal, oldest first; a line starting `!! ` is a violation noticed there.
        public let lines: [String]

        /// A ledger as it stood when the check failed.
        public init(label: String, lines: [String]) {
            self.label = label
            self.lines = lines
        }

        /// The ledger in at most about `limit` numbered lines. When it is longer, the lines
        /// kept are those around the first violation (the signal that broke the contract),
        /// or the last ones when no signal was a violation (a value that never came, a
        /// deadlock), and the lines left out are counted.
        public func rendered(limit: Int) -> String {
            var text = "history of \(label) (\(lines.count) signals):"
            let window: Range<Int>
            if lines.count <= limit {
                window = 0..<lines.count
            } else if let first = lines.firstIndex(where: { $0.hasPrefix("!! ") }) {
                let start = max(0, min(first - limit * 2 / 3, lines.count - limit))
                window = start..<(start + limit)
            } else {
                window = (lines.count - limit)..<lines.count
            }
            if window.lowerBound > 0 {
                text += "\n  ... \(window.lowerBound) earlier signals"
            }
            for index in window {
                text += "\n  \(index + 1). \(lines[index])"
            }
            if window.upperBound < lines.count {
                text += "\n  ... \(lines.count - window.upperBound) later signals"
            }
            return text
        }
    }
}
