/// The lines the conformance kit writes on standard error as it goes, and `workbook test`
/// reads back when a test crashes or hangs: the last announcement names the rule and the
/// scenario that were running.
///
///     [conformance] CustomSubject: checking R9 serial-delivery, scenario 'concurrent sends'
///
/// When the run of the kit is over it says so (`[conformance] CustomSubject: finished`), so
/// that a hang after it is not blamed on it. Any other line with the prefix is a note about
/// the run (a check that could not run
/// here, say), in the same form: `[conformance] CustomSubject: ...`.
package struct ConformanceTrace: Equatable, Sendable {
    /// What every line of the kit's trace starts with.
    package static let prefix = "[conformance] "

    /// The component the kit checks, as its harness names it.
    package let subject: String
    /// The rule, as the kit prints it (`R9 serial-delivery`).
    package let rule: String
    /// The scenario's name.
    package let scenario: String

    /// Creates an announcement.
    package init(subject: String, rule: String, scenario: String) {
        self.subject = subject
        self.rule = rule
        self.scenario = scenario
    }

    /// The announcement's line.
    package var line: String {
        "\(Self.prefix)\(subject): checking \(rule), scenario '\(scenario)'"
    }

    /// The line that ends a run of the kit on `subject`.
    package static func finishedLine(subject: String) -> String {
        "\(prefix)\(subject): \(finished)"
    }

    /// Whether `line` ends a run of the kit.
    package static func isFinished(_ line: Substring) -> Bool {
        line.hasPrefix(prefix) && line.hasSuffix(": " + finished)
    }

    private static let finished = "finished"

    /// The announcement `line` is, if it is one; a note or any other line is `nil`.
    package static func parse(_ line: Substring) -> ConformanceTrace? {
        guard line.hasPrefix(prefix) else { return nil }
        let body = line.dropFirst(prefix.count)
        guard let checking = body.firstRange(of: ": checking "),
            let scenario = body.firstRange(of: ", scenario '"), body.hasSuffix("'"),
            checking.upperBound <= scenario.lowerBound
        else { return nil }
        return ConformanceTrace(
            subject: String(body[..<checking.lowerBound]),
            rule: String(body[checking.upperBound..<scenario.lowerBound]),
            scenario: String(body[scenario.upperBound...].dropLast()))
    }
}
