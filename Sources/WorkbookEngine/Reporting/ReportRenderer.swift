/// Prints chapter reports as a table followed by each failure as `file:line: message`,
/// the form editors and terminals can jump to; the last line is the totals CI reads.
/// Observations (a behaviour with no recording for the implementation that ran) add a
/// column, a list after the failures and a count to the totals; a run without any prints
/// exactly what it always did.
package enum ReportRenderer {
    /// The rendered report.
    package static func render(_ reports: [ChapterReport]) -> String {
        let observations = reports.flatMap(\.observations)
        let observing = !observations.isEmpty
        let nameWidth = max(7, reports.map { $0.file.fileName.count }.max() ?? 0)
        func pad(_ text: String, _ width: Int) -> String {
            text + String(repeating: " ", count: max(0, width - text.count))
        }
        func number(_ value: Int, width: Int = 6) -> String {
            let text = String(value)
            return String(repeating: " ", count: max(0, width - text.count)) + text
        }
        var lines = [
            "\(pad("Chapter", nameWidth))  Passed  Failed  Skipped"
                + (observing ? "  Observed" : "")
        ]
        lines.append(String(repeating: "-", count: nameWidth + 25 + (observing ? 10 : 0)))
        for report in reports {
            let name = pad(report.file.fileName, nameWidth)
            if let reason = report.notRunReason {
                lines.append("\(name)  not run: \(reason)")
            } else if report.declared.isEmpty {
                lines.append("\(name)  no tests")
            } else {
                lines.append(
                    "\(name)  \(number(report.passedCount))  \(number(report.failedCount))   \(number(report.skippedCount))"
                        + (observing ? "  \(number(report.observedCount, width: 8))" : ""))
            }
        }
        let failures = reports.flatMap(\.failures)
        let buildErrors = reports.flatMap(\.buildErrors)
        if !failures.isEmpty || !buildErrors.isEmpty {
            lines.append("")
            lines += buildErrors
            for failure in failures {
                lines.append(
                    "\(failure.file):\(failure.line): \(failure.testName): \(failure.message)")
            }
            lines.append("")
        }
        if observing {
            if failures.isEmpty && buildErrors.isEmpty { lines.append("") }
            lines.append(
                "Observed, not asserted (no recording for this implementation; not a failure):")
            for observation in observations {
                lines.append(
                    "\(observation.file):\(observation.line): \(observation.testName): \(observation.summary)"
                )
            }
            lines.append("")
        }
        let passed = reports.map(\.passedCount).reduce(0, +)
        let failed = reports.map(\.failedCount).reduce(0, +)
        let skipped = reports.map(\.skippedCount).reduce(0, +)
        let observed = reports.map(\.observedCount).reduce(0, +)
        lines.append(
            "\(passed) passed, \(failed) failed, \(skipped) skipped"
                + (observing ? ", \(observed) observed" : ""))
        return lines.joined(separator: "\n") + "\n"
    }
}
