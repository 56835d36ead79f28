import Foundation

/// A behaviour a test observed on an implementation with no recording for it (Apple's
/// Combine on a Mac; any with `WORKBOOK_COMBINE=other`), as the runtime's
/// `expectObserved` reported it: not a pass, not a failure, something to look at.
public struct BehaviorObservation: Codable, Equatable, Sendable {
    /// What another implementation was observed to do.
    public struct Recording: Codable, Equatable, Sendable {
        /// Its name.
        public let implementation: String
        /// What it did, as text.
        public let value: String

        /// Creates a recording.
        public init(implementation: String, value: String) {
            self.implementation = implementation
            self.value = value
        }
    }

    /// The test that observed it (set by the runner; not in the runtime's record).
    public var testName = ""
    /// Where the check is: a chapter path (through `#sourceLocation`).
    public let file: String
    /// The check's line.
    public let line: Int
    /// What the check is about.
    public let behavior: String
    /// The implementation that ran.
    public let implementation: String
    /// What it did.
    public let observed: String
    /// What others were observed to do.
    public let recorded: [Recording]

    /// What starts the line the runtime writes to standard error before the JSON record.
    public static let marker = "workbook-observation: "

    private enum CodingKeys: String, CodingKey {
        case file, line, behavior, implementation, observed, recorded
    }

    /// Creates an observation.
    public init(
        testName: String = "", file: String, line: Int, behavior: String, implementation: String,
        observed: String, recorded: [Recording]
    ) {
        self.testName = testName
        self.file = file
        self.line = line
        self.behavior = behavior
        self.implementation = implementation
        self.observed = observed
        self.recorded = recorded
    }

    /// The record on a line that starts with ``marker``; an unreadable one (a killed process
    /// cut it short) still counts, so that an observation is never lost as a pass.
    static func parse(_ line: Substring) -> BehaviorObservation? {
        guard line.hasPrefix(marker) else { return nil }
        let json = line.dropFirst(marker.count)
        if let decoded = try? JSONDecoder().decode(Self.self, from: Data(json.utf8)) {
            return decoded
        }
        return BehaviorObservation(
            file: "", line: 0, behavior: "an observation whose record could not be read",
            implementation: "", observed: String(json), recorded: [])
    }

    /// The observation as report lines: what was observed, then each recording; values of
    /// several lines indented under their label.
    public var summary: String {
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
