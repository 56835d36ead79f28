/// Turns what each rule's run found into the report: one outcome per rule.
///
/// No vacuous pass: a rule the harness declared must have been exercised by some scenario.
/// One that was not (its scenarios skipped it, say because the publisher turned out unable
/// to complete) fails, naming why it was skipped, instead of counting as a pass.
enum Verdict {
    static func report(
        subject: String, planned: Set<ConformanceRule>, runs: [Findings],
        notPlanned: (ConformanceRule) -> String
    ) -> ConformanceReport {
        var failures = runs.flatMap(\.failures)
        var outcomes: [ConformanceRule: RuleOutcome] = [:]
        for rule in ConformanceRule.allCases {
            let exercised = runs.contains { $0.wasExercised(rule) }
            let observation = runs.lazy.compactMap { $0.observation(rule) }.first
            let skipReason = runs.lazy.compactMap { $0.skipReason(rule) }.first
            if planned.contains(rule) && !exercised && observation == nil {
                failures.append(
                    ScenarioFailure(
                        rule: rule, scenario: "the whole run",
                        message: "declared for \(subject), but no scenario exercised it ("
                            + (skipReason ?? "no scenario ran") + ")",
                        history: nil))
            }
            let found = failures.filter { $0.rule == rule }
            if !found.isEmpty {
                outcomes[rule] = .fail(found.map(\.headline).joined(separator: "\n"))
            } else if let observation {
                outcomes[rule] = .observed(observation)
            } else if exercised {
                outcomes[rule] = .pass
            } else {
                outcomes[rule] = .notApplicable(skipReason ?? notPlanned(rule))
            }
        }
        return ConformanceReport(subject: subject, outcomes: outcomes, failures: failures)
    }
}
