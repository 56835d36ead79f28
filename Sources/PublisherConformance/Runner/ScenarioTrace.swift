import Foundation
import WorkbookContract

/// Announces each scenario on standard error just before it runs, one line written at once
/// and unbuffered, so that when the component crashes or hangs the last announcement in the
/// test's output names the rule and the scenario that were running.
///
/// The line reads `[conformance] CustomSubject: checking R9 serial-delivery, scenario
/// 'concurrent sends'`; rounds of one scenario are announced once. The form is
/// ``WorkbookContract/ConformanceTrace``'s, which `workbook test` reads back.
public enum ScenarioTrace {
    /// What every announcement starts with.
    public static let prefix = ConformanceTrace.prefix

    /// The announcement of `scenario` of `rule` on `subject`.
    public static func line(subject: String, rule: ConformanceRule, scenario: String) -> String {
        ConformanceTrace(subject: subject, rule: "\(rule)", scenario: scenario).line
    }

    static func announce(subject: String, rule: ConformanceRule, scenario: String) {
        write(line(subject: subject, rule: rule, scenario: scenario))
    }

    /// Says the run on `subject` is over: a hang after it is not the kit's.
    static func finish(subject: String) {
        write(ConformanceTrace.finishedLine(subject: subject))
    }

    /// A remark about the run, in the same form: `[conformance] CustomSubject: ...`.
    static func note(subject: String, _ text: String) {
        write("\(prefix)\(subject): \(text)")
    }

    private static func write(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
