import CustomCombine
import Foundation
import XCTest

extension XCTestCase {
    /// Runs the kit on a publisher, adds its row to ``ConformanceSummary/shared``, and fails
    /// the calling test once for each broken rule, then once more with every broken rule's
    /// one-line headline (see ``ConformanceReport/details(of:verbose:chapter:)``).
    ///
    /// Called from a chapter (`file` is then `Chapters/NN-name.md`), each rule points at the
    /// section of that chapter or an earlier one that teaches it.
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
        let chapter = ConformanceRule.chapter(ofFile: "\(file)")
        let verbose = ConformanceEnvironment.isVerbose
        var unexpected: Set<ConformanceRule> = []
        for rule in ConformanceRule.allCases {
            let outcome = report.outcome(rule)
            if outcome.isFailure, let race = knownRaces[rule] {
                let unexplained = report.failures.filter {
                    $0.rule == rule && !$0.message.contains(race)
                }
                if unexplained.isEmpty {
                    print("known race in \(report.subject), reported: \(outcome)")
                } else {
                    XCTFail(
                        "\(report.subject): \(rule) failed beyond its known race ('\(race)'): "
                            + unexplained.map(\.headline).joined(separator: "\n"),
                        file: file, line: line)
                }
                continue
            }
            if outcome.isFailure, !knownFailures.contains(rule) {
                unexpected.insert(rule)
                XCTFail(
                    report.details(of: rule, verbose: verbose, chapter: chapter),
                    file: file, line: line)
            }
            if knownFailures.contains(rule) && !outcome.isFailure {
                XCTFail(
                    "\(report.subject): \(rule) is listed as a known failure but now gives "
                        + "\(outcome.cell): remove it from the list", file: file, line: line)
            }
        }
        if !unexpected.isEmpty, let summary = report.summary(of: unexpected, chapter: chapter) {
            XCTFail(summary, file: file, line: line)
        }
        // An empty line ends a failure for `workbook test`, which reads every line after a
        // failure as part of its message: a second run of the kit in the same test would
        // otherwise add its announcements to this run's last failure. Written past `print`'s
        // buffer, as XCTest's failure lines and the announcements are, to keep their order.
        FileHandle.standardOutput.write(Data("\n".utf8))
    }
}
