import CustomCombine
import XCTest

extension XCTestCase {
    /// Runs the kit on a publisher, adds its row to ``ConformanceSummary/shared``, and fails
    /// the calling test for each failed rule, with the rule name and the ledger history.
    ///
    /// `knownFailures` lists rules that are known to fail for this publisher (a reported
    /// bug): they are expected to fail, and the test fails when one starts passing, so the
    /// list never outlives the bug. `knownRaces` lists rules whose reported bug is a race:
    /// they may fail or pass on a given run, and their failures are printed, not asserted.
    @discardableResult
    public func assertConformance<Output, Failure>(
        _ harness: PublisherHarness<Output, Failure>,
        knownFailures: Set<ConformanceRule> = [],
        knownRaces: Set<ConformanceRule> = [],
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
        check(report, knownFailures: knownFailures, knownRaces: [], file: file, line: line)
        return report
    }

    private func check(
        _ report: ConformanceReport, knownFailures: Set<ConformanceRule>,
        knownRaces: Set<ConformanceRule>, file: StaticString, line: UInt
    ) {
        ConformanceSummary.shared.record(report)
        for rule in ConformanceRule.allCases {
            let outcome = report.outcome(rule)
            if case .fail(let message) = outcome, knownRaces.contains(rule) {
                print("known race in \(report.subject), reported: \(message)")
                continue
            }
            if case .fail(let message) = outcome, !knownFailures.contains(rule) {
                XCTFail("\(report.subject): \(message)", file: file, line: line)
            }
            if knownFailures.contains(rule) && !outcome.isFailure {
                XCTFail(
                    "\(report.subject): \(rule) is listed as a known failure but now gives "
                        + "\(outcome.cell): remove it from the list", file: file, line: line)
            }
        }
    }
}
