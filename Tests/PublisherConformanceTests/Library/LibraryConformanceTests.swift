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
            requestNoneProbe: ProbeRegistry.probe("CustomScan(CustomSubject)"))
    }

    func testShareReplay() {
        assertConformance(
            LibraryCatalog.shareReplay(),
            requestNoneProbe: ProbeRegistry.probe("ShareReplay(capacity: 4)"))
    }

    func testControlEventPublisher() {
        assertConformance(
            LibraryCatalog.eventPublisher(),
            requestNoneProbe: ProbeRegistry.probe("EventPublisher"))
    }

    func testDispatchTimer() {
        assertConformance(
            LibraryCatalog.dispatchTimer(),
            requestNoneProbe: ProbeRegistry.probe("DispatchTimer(times: 5)"))
    }

    func testBufferSubject() {
        assertConformance(
            LibraryCatalog.bufferSubject(),
            requestNoneProbe: ProbeRegistry.probe("BufferSubject(limit: 4)"))
    }

    func testMergeInput() {
        assertConformance(
            LibraryCatalog.mergeInput(), requestNoneProbe: ProbeRegistry.probe("MergeInput"))
    }

    func testCustomDemandSink() {
        assertConformance(LibraryCatalog.customDemandSink())
    }

    func testCustomSink() {
        assertConformance(LibraryCatalog.customSink())
    }

    func testPausableSubscriber() {
        assertConformance(LibraryCatalog.pausableSubscriber())
    }
}
