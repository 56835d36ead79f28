/// Collects, per rule, whether a scenario ran and what failed, so one scenario can report
/// on several rules (a stepwise-demand run can also expose a value beyond demand).
final class Findings: @unchecked Sendable {
    private(set) var failures: [ConformanceRule: [String]] = [:]
    private(set) var checked: Set<ConformanceRule> = []
    private(set) var skipped: [ConformanceRule: String] = [:]
    private(set) var observations: [ConformanceRule: String] = [:]

    func ran(_ rule: ConformanceRule) {
        checked.insert(rule)
    }

    func skip(_ rule: ConformanceRule, _ reason: String) {
        skipped[rule] = reason
    }

    func observe(_ rule: ConformanceRule, _ behaviour: String) {
        observations[rule] = behaviour
    }

    func fail(_ rule: ConformanceRule, _ scenario: String, _ message: String, history: String = "")
    {
        checked.insert(rule)
        let text = "\(rule) failed in scenario '\(scenario)': \(message)"
        failures[rule, default: []].append(history.isEmpty ? text : text + "\n" + history)
    }

    /// Copies the violations a recorder noticed on the fly, with its history.
    func absorb<Input, Failure>(_ recorder: RecordingSubscriber<Input, Failure>, _ scenario: String)
    {
        let violations = recorder.violations
        guard !violations.isEmpty else { return }
        var seen: Set<ConformanceRule> = []
        for violation in violations where seen.insert(violation.rule).inserted {
            fail(violation.rule, scenario, violation.message, history: recorder.history)
        }
    }

    /// Checks a condition; on failure records it with the recorder's history.
    func expect<Input, Failure>(
        _ condition: Bool, _ rule: ConformanceRule, _ scenario: String,
        _ message: @autoclosure () -> String,
        _ recorder: RecordingSubscriber<Input, Failure>
    ) {
        checked.insert(rule)
        if !condition {
            fail(rule, scenario, message(), history: recorder.history)
        }
    }

    func outcome(for rule: ConformanceRule) -> RuleOutcome {
        if let messages = failures[rule] {
            return .fail(messages.joined(separator: "\n"))
        }
        if let behaviour = observations[rule] {
            return .observed(behaviour)
        }
        if checked.contains(rule) {
            return .pass
        }
        return .notApplicable(skipped[rule] ?? "not exercised")
    }
}
