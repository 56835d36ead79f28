/// Prints chapter reports as a table followed by each failure as `file:line: message`,
/// the form editors and terminals can jump to.
public enum ReportRenderer {
    /// The rendered report.
    public static func render(_ reports: [ChapterReport]) -> String {
        let nameWidth = max(7, reports.map { $0.file.fileName.count }.max() ?? 0)
        func pad(_ text: String, _ width: Int) -> String {
            text + String(repeating: " ", count: max(0, width - text.count))
        }
        var lines = ["\(pad("Chapter", nameWidth))  Passed  Failed"]
        lines.append(String(repeating: "-", count: nameWidth + 16))
        for report in reports {
            let passed = String(report.passed.count)
            let failed = String(report.failed.count)
            lines.append(
                "\(pad(report.file.fileName, nameWidth))  \(String(repeating: " ", count: max(0, 6 - passed.count)))\(passed)  \(String(repeating: " ", count: max(0, 6 - failed.count)))\(failed)"
            )
        }
        let totalPassed = reports.map(\.passed.count).reduce(0, +)
        let totalFailed = reports.map(\.failed.count).reduce(0, +)
        lines.append("\(totalPassed) passed, \(totalFailed) failed")
        let failures = reports.flatMap(\.failures)
        if !failures.isEmpty {
            lines.append("")
            for failure in failures {
                lines.append(
                    "\(failure.file):\(failure.line): \(failure.testName): \(failure.message)")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
