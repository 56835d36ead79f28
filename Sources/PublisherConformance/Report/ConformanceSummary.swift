import Foundation

/// Collects reports from many tests and renders the component x rule table, so one run
/// shows at a glance what passed, what does not apply, and what rule 13 observed.
public final class ConformanceSummary: @unchecked Sendable {
    /// The table the conformance tests fill and print at the end of their run.
    public static let shared = ConformanceSummary()

    private let lock = NSLock()
    private var reports: [ConformanceReport] = []

    /// An empty summary.
    public init() {}

    /// Adds (or replaces, by name) one component's row.
    public func record(_ report: ConformanceReport) {
        lock.withLock {
            reports.removeAll { $0.subject == report.subject }
            reports.append(report)
        }
    }

    /// The rows recorded so far, in recording order.
    public var recorded: [ConformanceReport] {
        lock.withLock { reports }
    }

    /// A Markdown table: one row per component, one column per rule.
    public func render() -> String {
        let rows = recorded
        let rules = ConformanceRule.allCases
        let width = max(12, rows.map(\.subject.count).max() ?? 0)
        func pad(_ text: String, _ size: Int) -> String {
            text + String(repeating: " ", count: max(0, size - text.count))
        }
        var lines = [
            "| " + pad("component", width) + " | "
                + rules.map { pad($0.columnTitle, 6) }.joined(separator: " | ") + " |"
        ]
        lines.append(
            "|" + String(repeating: "-", count: width + 2) + "|"
                + rules.map { _ in String(repeating: "-", count: 8) }.joined(separator: "|") + "|")
        for report in rows {
            let cells = rules.map { pad(report.outcome($0).cell, 6) }
            lines.append(
                "| " + pad(report.subject, width) + " | " + cells.joined(separator: " | ") + " |")
        }
        let legend = rules.map { "\($0.columnTitle) \($0.name)" }.joined(separator: ", ")
        return lines.joined(separator: "\n") + "\n" + legend
    }
}
