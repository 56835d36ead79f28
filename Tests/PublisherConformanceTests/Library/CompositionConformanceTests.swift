import CustomCombine
import PublisherConformance
import XCTest

/// Every CustomCombine operator on every subject, with a second thread requesting and
/// cancelling while values flow (rule 15), plus the demand, cancel and serial-delivery
/// rules that a composed chain must keep.
final class CompositionConformanceTests: XCTestCase {
    private static let rules: Set<ConformanceRule> = [
        .crossThreadControl, .demandBound, .cancellation, .serialDelivery,
    ]

    private func check(_ harnesses: [PublisherHarness<Int, Never>], rounds: Int = 10) {
        XCTAssertEqual(harnesses.count, 3, "one harness per subject")
        for harness in harnesses {
            let report = PublisherConformanceRunner(harness, rounds: rounds).run(only: Self.rules)
            ConformanceSummary.shared.record(report)
            XCTAssertEqual(report.outcome(.crossThreadControl), .pass, report.subject)
            for message in report.failureMessages {
                XCTFail("\(report.subject): \(message)")
            }
        }
    }

    func testCustomScanOnEverySubject() {
        check(CompositionCatalog.customScan())
    }

    func testShareReplayOnEverySubject() {
        check(CompositionCatalog.shareReplay())
    }

    func testMergeInputOnEverySubject() {
        check(CompositionCatalog.mergeInput())
    }

    /// `debug()` prints every event, so it runs fewer rounds.
    func testDebugOnEverySubject() {
        check(CompositionCatalog.debug(), rounds: 2)
    }

    func testUnwrapOnEverySubject() {
        check(CompositionCatalog.unwrap())
    }
}
