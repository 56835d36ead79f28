import WorkbookContract

/// A behaviour a test observed on an implementation with no recording for it (Apple's
/// Combine on a Mac; any with `WORKBOOK_COMBINE=other`), as the runtime's
/// `expectObserved` reported it: not a pass, not a failure, something to look at.
struct BehaviorObservation: Equatable, Sendable {
    /// The test that observed it (the runner knows; the record does not).
    var testName: String
    /// The record the test process wrote.
    let record: ObservationRecord

    /// Where the check is: a chapter path (through `#sourceLocation`).
    var file: String { record.file }
    /// The check's line.
    var line: Int { record.line }
    /// What the check is about.
    var behavior: String { record.behavior }
    /// The implementation that ran.
    var implementation: String { record.implementation }
    /// What it did.
    var observed: String { record.observed }
    /// What others were observed to do.
    var recorded: [ObservationRecord.Recording] { record.recorded }

    /// An observation of `testName`.
    init(testName: String, record: ObservationRecord) {
        self.testName = testName
        self.record = record
    }

    /// The observation as report lines: what was observed, then each recording; values of
    /// several lines indented under their label.
    var summary: String {
        func value(_ text: String) -> String {
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            let trimmed = lines.last == "" ? lines.dropLast() : lines[...]
            guard trimmed.count > 1 else { return " " + (trimmed.first.map(String.init) ?? "") }
            return "\n" + trimmed.map { "      " + $0 }.joined(separator: "\n")
        }
        var lines = ["observed: \(behavior)", "    on \(implementation):" + value(observed)]
        for recording in recorded {
            lines.append("    recorded on \(recording.implementation):" + value(recording.value))
        }
        return lines.joined(separator: "\n")
    }
}
