import CustomCombine
import Foundation
import PublisherConformance
import XCTest

/// Rule 13 runs in a child process; this class holds the helper the child runs and the
/// tests that check the probe itself reads a trap and a survival correctly.
final class RequestNoneProbeTests: XCTestCase {
    /// In the child (environment variable set) this commits the violation and never returns.
    /// In the parent it checks that every registered probe target has a violation to run.
    func testRequestNoneChildHelper() {
        let table = ProbeRegistry.violations()
        if let target = RequestNoneProbe.requestedTarget {
            guard let violate = table[target] else {
                XCTFail("no harness named \(target)")
                return
            }
            violate()
        }
        XCTAssertNotNil(table["PassthroughSubject"])
        XCTAssertNotNil(table["FlawedSubject (no flaws)"])
    }

    /// What a probe must report, or the documented not-applicable outcome in the
    /// ThreadSanitizer run, where no child process is started.
    private func expected(_ outcome: RuleOutcome) -> RuleOutcome {
        let underThreadSanitizer =
            ProcessInfo.processInfo.environment[RequestNoneProbe.threadSanitizerKey] != nil
        return underThreadSanitizer
            ? .notApplicable(RequestNoneProbe.threadSanitizerReason) : outcome
    }

    func testProbeSeesOpenCombineTrapOnRequestNone() {
        XCTAssertEqual(ProbeRegistry.probe("PassthroughSubject")(), expected(.observed("trap")))
    }

    func testProbeSeesAPublisherThatIgnoresRequestNone() {
        XCTAssertEqual(
            ProbeRegistry.probe("FlawedSubject (no flaws)")(), expected(.observed("ignore")))
    }

    /// A publisher that survives `request(.none)` but then delivers more than the later
    /// `max(1)` asked for fails rule 13.
    func testProbeCatchesAPublisherThatTakesNoneAsUnlimited() {
        let outcome = ProbeRegistry.probe("FlawedSubject (none as unlimited)")()
        XCTAssertTrue(outcome.isFailure || outcome == expected(.fail("")), "\(outcome)")
        if case .fail(let message) = outcome {
            XCTAssertTrue(message.contains("mis-delivered"), message)
        }
    }

    func testProbeReportsAnUnknownTargetAsAFailure() {
        let outcome = ProbeRegistry.probe("no such publisher")()
        XCTAssertTrue(outcome.isFailure || outcome == expected(.fail("")), "\(outcome)")
    }
}
