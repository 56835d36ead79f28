import CustomCombine
import PublisherConformance
import XCTest

/// Every CustomCombine publisher and subscriber against the kit. A rule listed in
/// `knownFailures` is a reported library bug: the test expects it to fail and starts
/// failing the day it is fixed, so the list cannot go stale.
final class LibraryConformanceTests: XCTestCase {
    override class func tearDown() {
        print(ConformanceSummary.shared.render())
        super.tearDown()
    }

    func testCustomSubject() {
        assertConformance(
            LibraryCatalog.customSubject(), requestNoneProbe: ProbeRegistry.probe("CustomSubject"))
    }

    func testCustomScan() {
        assertConformance(
            LibraryCatalog.customScan(),
            requestNoneProbe: ProbeRegistry.probe("CustomScan(PassthroughSubject)"))
    }

    /// Bug reported to the library owner: each subscriber's pending buffer is trimmed to
    /// `capacity`, so live values sent faster than they are delivered (a burst sent from
    /// inside a sink, or sends racing a new subscriber's replay) are dropped even though the
    /// subscriber asked for `.unlimited`.
    func testShareReplay() {
        assertConformance(
            LibraryCatalog.shareReplay(), knownFailures: [.reentrancy],
            knownRaces: [.multicastReplay],
            requestNoneProbe: ProbeRegistry.probe("ShareReplay(capacity: 4)"))
    }

    func testControlEventPublisher() {
        assertConformance(
            LibraryCatalog.eventPublisher(),
            requestNoneProbe: ProbeRegistry.probe("Control.EventPublisher"))
    }

    /// Reported: a timer with `times: .max(0)` finishes only when asked for a value; rule 5
    /// says a completion needs no demand, so an empty timer should finish on subscription.
    func testDispatchTimer() {
        assertConformance(
            LibraryCatalog.dispatchTimer(), knownFailures: [.completionWithoutDemand],
            requestNoneProbe: ProbeRegistry.probe("DispatchTimer(times: 5)"))
    }

    func testCustomSink() {
        assertConformance(LibraryCatalog.customSink())
    }

    func testPausableSubscriber() {
        assertConformance(LibraryCatalog.pausableSubscriber())
    }
}
