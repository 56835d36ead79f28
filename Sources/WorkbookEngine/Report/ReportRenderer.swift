/// Prints chapter reports as a table followed by each failure as `file:line: message`,
/// the form editors and terminals can jump to; the last line is the totals CI reads.
public enum ReportRenderer {
    /// The rendered report.
    public static func render(_ reports: [ChapterReport]) -> String {
        let nameWidth = max(7, reports.map { $0.file.fileName.count }.max() ?? 0)
        func pad(_ text: String, _ width: Int) -> String {
            text + String(repeating: " ", count: max(0, width - text.count))
        }
        func number(_ value: Int) -> String {
            let text = String(value)
            return String(repeating: " ", count: max(0, 6 - text.count)) + text
        }
        var lines = ["\(pad("Chapter", nameWidth))  Passed  Failed  Skipped"]
        lines.append(String(repeating: "-", count: nameWidth + 25))
        for report in reports {
            let name = pad(report.file.fileName, nameWidth)
            if let reason = report.notRunReason {
                lines.append("\(name)  not run: \(reason)")
            } else if report.declared.isEmpty {
                lines.append("\(name)  no tests")
            } else {
                lines.append(
                    "\(name)  \(number(report.passedCount))  \(number(report.failedCount))   \(number(report.skippedCount))"
                )
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
        let passed = reports.map(\.passedCount).reduce(0, +)
        let failed = reports.map(\.failedCount).reduce(0, +)
        let skipped = reports.map(\.skippedCount).reduce(0, +)
        lines.append("\(passed) passed, \(failed) failed, \(skipped) skipped")
        return lines.joined(separator: "\n") + "\n"
    }
}
