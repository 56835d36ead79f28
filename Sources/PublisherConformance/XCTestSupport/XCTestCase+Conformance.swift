import CustomCombine
import XCTest

extension XCTestCase {
    /// Runs the kit on a publisher, adds its row to ``ConformanceSummary/shared``, and fails
    /// the calling test for each failed rule, with the rule name and the ledger history.
    ///
    /// `knownFailures` lists rules that are known to fail for this publisher (a reported
    /// bug): they are expected to fail, and the test fails when one starts passing, so the
    /// list never outlives the bug. `knownRaces` maps rules whose reported bug is a race to
    /// the failure message that race produces: such a rule may pass or fail on a given run,
    /// but every failure it reports must carry that message (printed, not failed); any other
    /// failure of the rule fails the test like an unexpected one.
    @discardableResult
    public func assertConformance<Output, Failure>(
        _ harness: PublisherHarness<Output, Failure>,
        knownFailures: Set<ConformanceRule> = [],
        knownRaces: [ConformanceRule: String] = [:],
        rounds: Int = 20,
        requestNoneProbe: (() -> RuleOutcome)? = nil,
        file: StaticString = #filePath,
        line: UInt = #line
    ) -> ConformanceReport {
        let report = PublisherConformanceRunner(
            harness, rounds: rounds, requestNoneProbe: requestNoneProbe
        ).run()
        check(report, knownFailures: knownFailures, knownRaces: knownRaces, file: file, line: line)
        return report
    }

    /// Runs the subscriber rules on a subscriber; see
    /// ``assertConformance(_:knownFailures:knownRaces:rounds:requestNoneProbe:file:line:)``.
    @discardableResult
    public func assertConformance(
        _ harness: SubscriberHarness,
        knownFailures: Set<ConformanceRule> = [],
        file: StaticString = #filePath,
        line: UInt = #line
    ) -> ConformanceReport {
        let report = SubscriberConformanceRunner(harness).run()
        check(report, knownFailures: knownFailures, knownRaces: [:], file: file, line: line)
        return report
    }

    private func check(
        _ report: ConformanceReport, knownFailures: Set<ConformanceRule>,
        knownRaces: [ConformanceRule: String], file: StaticString, line: UInt
    ) {
        ConformanceSummary.shared.record(report)
        for rule in ConformanceRule.allCases {
            let outcome = report.outcome(rule)
            if case .fail(let message) = outcome, let race = knownRaces[rule] {
                let headlines = message.split(separator: "\n").filter {
                    $0.hasPrefix("\(rule) failed in scenario")
                }
                let unexplained = headlines.filter { !$0.contains(race) }
                if unexplained.isEmpty {
                    print("known race in \(report.subject), reported: \(message)")
                } else {
                    XCTFail(
                        "\(report.subject): \(rule) failed beyond its known race ('\(race)'): "
                            + unexplained.joined(separator: "\n"), file: file, line: line)
                }
                continue
            }
            if case .fail(let message) = outcome, !knownFailures.contains(rule) {
                XCTFail(
                    "\(report.subject) \(rule.explanation)\n\(message)", file: file, line: line)
            }
            if knownFailures.contains(rule) && !outcome.isFailure {
                XCTFail(
                    "\(report.subject): \(rule) is listed as a known failure but now gives "
                        + "\(outcome.cell): remove it from the list", file: file, line: line)
            }
        }
    }
}
