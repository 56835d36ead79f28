import Foundation

/// Announces each scenario on standard error just before it runs, one line written at once
/// and unbuffered, so that when the component crashes or hangs the last announcement in the
/// test's output names the rule and the scenario that were running.
///
/// The line reads `[conformance] CustomSubject: checking R9 serial-delivery, scenario
/// 'concurrent sends'`; rounds of one scenario are announced once.
public enum ScenarioTrace {
    /// What every announcement starts with.
    public static let prefix = "[conformance] "

    /// The announcement of `scenario` of `rule` on `subject`.
    public static func line(subject: String, rule: ConformanceRule, scenario: String) -> String {
        "\(prefix)\(subject): checking \(rule), scenario '\(scenario)'"
    }

    static func announce(subject: String, rule: ConformanceRule, scenario: String) {
        write(line(subject: subject, rule: rule, scenario: scenario))
    }

    /// A remark about the run, in the same form: `[conformance] CustomSubject: ...`.
    static func note(subject: String, _ text: String) {
        write("\(prefix)\(subject): \(text)")
    }

    private static func write(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
