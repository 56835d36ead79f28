import Foundation
import WorkbookContract

/// What one test process printed, split into lines once and read once into everything the
/// run shows and explains: the interpreter, the report, the JUnit file and the command line
/// all use this, none reads the text again.
///
/// Whether a test passed, failed, skipped, crashed, timed out or never ran comes from how
/// its process ended and XCTest's structured record (``TestEventRecord``), never from this
/// text: no printed line can imitate them. From the text come what is shown (the test's own
/// output, its last lines, a skip's reason, a crash's message and line from the backtrace,
/// the conformance kit's notes and progress) and one thing judged: the runtime's observation
/// records (lines starting with ``ObservationRecord/marker``), which turn a pass into
/// ``TestOutcome/observed`` (``TestRunInterpreter``). They are printed, on standard error,
/// because `expectObserved` writes them wherever it runs, plain `swift test` included,
/// where the structured record is not kept. A printed one can only relabel a pass as
/// observed; it never turns a failure, crash or skip into a pass, nor a pass into a failure.
package struct TestOutput: Equatable, Sendable {
    /// Everything the process printed, as printed (`--verbose` shows it).
    package let text: String
    /// What the test itself printed: without XCTest's bracketing lines, the runtime's
    /// observation records and the conformance kit's trace.
    let printed: String
    /// The last lines the process printed, for a hang or a test never run: without
    /// XCTest's suite and count lines, blank lines and the kit's trace.
    let tail: [String]
    /// The observations the runtime reported, in the order printed.
    let observations: [ObservationRecord]
    /// The reasons skips gave, in the order printed.
    let skipReasons: [String]
    /// The conformance kit's notes (what it could not check here), each once, in order.
    let conformanceNotes: [String]
    /// What the kit was doing when the process stopped, and the reader's crashing line.
    let conformance: ConformanceProgress
    /// The lines, for the crash report (which needs the chapter to place its frame).
    private let lines: [Substring]

    /// Reads `text`, a test process's output.
    init(_ text: String) {
        self.text = text
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        self.lines = lines
        var printed: [Substring] = []
        var tail: [String] = []
        var observations: [ObservationRecord] = []
        var skipReasons: [String] = []
        var notes: [String] = []
        var running: ConformanceTrace?
        for line in lines {
            // The kit's trace, each line read once: an announcement (the scenario now
            // running), the end of a run (none running), or a note.
            if line.hasPrefix(ConformanceTrace.prefix) {
                if ConformanceTrace.isFinished(line) {
                    running = nil
                } else if let announcement = ConformanceTrace.parse(line) {
                    running = announcement
                } else {
                    let note = String(line.dropFirst(ConformanceTrace.prefix.count))
                    if !notes.contains(note) { notes.append(note) }
                }
                continue
            }
            if !line.hasPrefix("Test Suite ") && !line.hasPrefix("Executed ") && !line.isEmpty {
                tail.append(String(line))
            }
            if let observation = ObservationRecord.parse(line) {
                observations.append(observation)
            } else if let range = line.firstRange(of: " : Test skipped") {
                let reason = line[range.upperBound...]
                skipReasons.append(String(reason.hasPrefix(" - ") ? reason.dropFirst(3) : reason))
            }
            if !line.hasPrefix("Test Suite '") && !line.hasPrefix("Test Case '")
                && !line.hasPrefix("\t Executed ") && !line.hasPrefix("Executed ")
                && !line.hasPrefix(ObservationRecord.marker)
            {
                printed.append(line)
            }
        }
        self.printed = printed.joined(separator: "\n").trimmingCharacters(in: .newlines)
        self.tail = Array(tail.suffix(5))
        self.observations = observations
        self.skipReasons = skipReasons
        self.conformanceNotes = notes
        self.conformance = ConformanceProgress(
            lastAnnouncement: running,
            workbenchFrame: ConformanceProgress.firstWorkbenchFrame(in: lines))
    }

    /// What the Swift runtime said about a crash of a test of `file`.
    func crash(in file: ChapterFile) -> CrashReport {
        CrashReport(lines: lines.filter { !$0.isEmpty }, file: file)
    }
}
