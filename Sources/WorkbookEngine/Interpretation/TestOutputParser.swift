import WorkbookContract

/// Reads from what a test process printed only what is shown, never what is judged: the
/// observations the runtime reported and the reason a skip gave. Whether a test passed,
/// failed or skipped comes from XCTest's structured record (``TestEventRecord``), which no
/// printed line can imitate.
struct TestOutputParser: Sendable {
    /// The reasons skips gave, in the order printed.
    private(set) var skipReasons: [String] = []
    /// Observations the runtime reported, in the order printed.
    private(set) var observations: [ObservationRecord] = []

    /// Creates an empty parser.
    init() {}

    /// Parses a whole output.
    static func parse(_ output: String) -> TestOutputParser {
        var parser = TestOutputParser()
        for line in output.split(separator: "\n", omittingEmptySubsequences: false) {
            parser.consume(line)
        }
        return parser
    }

    /// Feeds one line of output.
    mutating func consume(_ line: Substring) {
        // The conformance kit's trace is not the test's output (see ConformanceProgress).
        if ConformanceProgress.isTrace(line) { return }
        if let observation = ObservationRecord.parse(line) {
            observations.append(observation)
        } else if let range = line.firstRange(of: " : Test skipped") {
            let reason = line[range.upperBound...]
            skipReasons.append(String(reason.hasPrefix(" - ") ? reason.dropFirst(3) : reason))
        }
    }
}
