import Foundation
import WorkbookContract

/// What the conformance kit was doing when its test stopped, from the trace it writes on
/// standard error (``WorkbookContract/ConformanceTrace``, read by ``TestOutput`` with the
/// rest of the test's output, once), and where the reader's own code was on the crashing
/// thread: what turns "crashed" or "timed out" into a rule, a scenario and a line of
/// `Workbench/`.
///
/// The trace is the kit's bookkeeping, not what the test printed: its lines never extend
/// a failure's message nor fill a report's "last output".
struct ConformanceProgress: Equatable, Sendable {
    /// The last announcement in the output: the scenario that was running.
    let lastAnnouncement: ConformanceTrace?
    /// The first backtrace frame in the reader's `Workbench/` (its glue left out), as
    /// `Workbench/Chapter03/CustomSubject.swift:46`.
    let workbenchFrame: String?

    /// What to add to "timed out": the rule and scenario the kit was in, and what a hang
    /// there usually is; `nil` when the kit was not running.
    var timeoutExplanation: String? {
        guard let running = lastAnnouncement else { return nil }
        return """
            the conformance kit was checking \(running.rule) on \(running.subject), scenario \
            '\(running.scenario)': a test that hangs there usually has a lock held while \
            calling out (into a subscriber or upstream): see chapters 2 and 5
            """
    }

    /// What to add to "crashed": the reader's line on the crashing thread, and the rule and
    /// scenario the kit was in; `nil` when neither is known.
    var crashExplanation: String? {
        var lines: [String] = []
        if let frame = workbenchFrame { lines.append("in your code at \(frame)") }
        if let running = lastAnnouncement {
            lines.append(
                "while the conformance kit was checking \(running.rule) on \(running.subject), "
                    + "scenario '\(running.scenario)'")
        }
        return lines.isEmpty ? nil : lines.joined(separator: "\n")
    }

    /// The first frame after the crash's report whose file is under `Workbench/`, skipping
    /// the generated glue (where `unwritten(...)` traps on the reader's behalf).
    static func firstWorkbenchFrame(in lines: [Substring]) -> String? {
        func start(_ marker: String) -> (index: Int, line: Substring)? {
            guard let index = lines.firstIndex(where: { $0.contains(marker) }),
                let range = lines[index].firstRange(of: marker)
            else { return nil }
            return (index, lines[index][range.lowerBound...])
        }
        guard let crash = start("crashed:") ?? start("Fatal error") else { return nil }
        let folder = Workbench.folder + "/"
        for line in [crash.line] + lines[(crash.index + 1)...] {
            guard let at = line.range(of: " at ", options: .backwards) else { continue }
            let path = line[at.upperBound...]
            guard
                let start = path.range(of: "/" + folder, options: .backwards)
                    .map({ path.index(after: $0.lowerBound) })
                    ?? (path.hasPrefix(folder) ? path.startIndex : nil)
            else { continue }
            let location = path[start...]
            // `Workbench/Chapter03/CustomSubject.swift:46:17` -> file and line.
            let parts = location.split(separator: ":")
            guard parts.count >= 2, parts[0].hasSuffix(".swift"), let line = Int(parts[1]),
                line > 0, parts[0] != Workbench.gluePath
            else { continue }
            return "\(parts[0]):\(line)"
        }
        return nil
    }
}
