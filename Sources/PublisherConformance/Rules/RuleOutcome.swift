/// What happened when one rule was applied to one component: the cell of the summary table.
public enum RuleOutcome: Sendable, Equatable {
    /// Every check of the rule held.
    case pass
    /// The rule does not apply; the reason says why (e.g. "never completes").
    case notApplicable(String)
    /// The rule records a behaviour rather than a verdict (rule 13: "trap" or "ignore").
    case observed(String)
    /// At least one check failed; the message carries the rule name and the ledger history.
    case fail(String)

    /// `true` for `.fail`, so tests can assert that the kit caught a broken fixture.
    public var isFailure: Bool {
        if case .fail = self { return true }
        return false
    }

    /// The short text shown in the summary table.
    public var cell: String {
        switch self {
        case .pass: return "pass"
        case .notApplicable: return "n/a"
        case .observed(let behaviour): return behaviour
        case .fail: return "FAIL"
        }
    }
}
