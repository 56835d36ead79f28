/// The outcome of every rule for one publisher or subscriber.
public struct ConformanceReport: Sendable {
    /// The row name: the harness's name.
    public let subject: String
    /// One outcome per rule, applicable or not.
    public let outcomes: [ConformanceRule: RuleOutcome]
    /// Every broken check, in the order the run found them.
    public let failures: [ScenarioFailure]

    /// Bundles a run's outcomes under the component's name.
    public init(
        subject: String, outcomes: [ConformanceRule: RuleOutcome], failures: [ScenarioFailure] = []
    ) {
        self.subject = subject
        self.outcomes = outcomes
        self.failures = failures
    }

    /// The outcome of one rule (`n/a` if the run did not cover it).
    public func outcome(_ rule: ConformanceRule) -> RuleOutcome {
        outcomes[rule] ?? .notApplicable("not run")
    }

    /// The rules that failed, so a test can compare them with what it expects.
    public var failedRules: Set<ConformanceRule> {
        Set(outcomes.filter { $0.value.isFailure }.keys)
    }

    /// Every failure in full (each scenario, each history), one message per failed rule,
    /// in rule order.
    public var failureMessages: [String] {
        failedRules.sorted().map { details(of: $0, verbose: true) }
    }
}
