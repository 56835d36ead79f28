import Foundation

/// What a test observed on a Combine implementation with no recording for it, as the
/// runtime (`WorkbookRuntime`) writes it and `workbook test` (`WorkbookEngine`) reads it:
/// one line of its own on the test process's standard error, ``marker`` followed by this
/// record in JSON.
package struct ObservationRecord: Codable, Equatable, Sendable {
    /// What another implementation was observed to do, as text.
    package struct Recording: Codable, Equatable, Sendable {
        /// The implementation's name.
        package let implementation: String
        /// What it did.
        package let value: String

        /// Creates a recording.
        package init(implementation: String, value: String) {
            self.implementation = implementation
            self.value = value
        }
    }

    /// Where the check is: a chapter path (through `#sourceLocation`).
    package let file: String
    /// The check's line.
    package let line: Int
    /// What the check is about.
    package let behavior: String
    /// The implementation that ran.
    package let implementation: String
    /// What it did.
    package let observed: String
    /// What others were observed to do.
    package let recorded: [Recording]

    /// What starts the record's line.
    package static let marker = "workbook-observation: "

    /// Creates a record.
    package init(
        file: String, line: Int, behavior: String, implementation: String, observed: String,
        recorded: [Recording]
    ) {
        self.file = file
        self.line = line
        self.behavior = behavior
        self.implementation = implementation
        self.observed = observed
        self.recorded = recorded
    }

    /// The line to write: a newline first (so no half line of the test's own output can run
    /// into it), the marker, the JSON, a newline.
    package var encodedLine: Data? {
        guard let json = try? JSONEncoder().encode(self) else { return nil }
        return Data(("\n" + Self.marker).utf8) + json + Data("\n".utf8)
    }

    /// The record on a line that starts with ``marker``, `nil` for any other line; an
    /// unreadable one (a killed process cut it short) is still a record, so that an
    /// observation is never lost as a pass.
    package static func parse(_ line: Substring) -> ObservationRecord? {
        guard line.hasPrefix(marker) else { return nil }
        let json = line.dropFirst(marker.count)
        if let decoded = try? JSONDecoder().decode(Self.self, from: Data(json.utf8)) {
            return decoded
        }
        return ObservationRecord(
            file: "", line: 0, behavior: "an observation whose record could not be read",
            implementation: "", observed: String(json), recorded: [])
    }
}
