import CustomCombine
import PublisherConformance
import XCTest

/// The kit must pass on OpenCombine's own publishers: where it does not, either the rule
/// or the reference is wrong, and the test says which rule to look at.
///
/// Observed on OpenCombine 0.14 (Linux): `PassthroughSubject` and `CurrentValueSubject`
/// register a subscriber's conduit, release their lock, and only then call
/// `receive(subscription:)` (`PassthroughSubject.swift`, `receive(subscriber:)`), while
/// `send(completion:)` finishes every registered conduit. A completion sent from another
/// thread in between reaches the subscriber before its subscription, which rule 1's race
/// scenario catches. The reference, not the rule, is wrong: those rules are known races.
final class TrustedPublisherTests: XCTestCase {
    /// What rule 1's race reports on OpenCombine's subjects and what is built on them.
    private let completionOvertakesSubscription: [ConformanceRule: String] = [
        .subscriptionFirst: "completion before any subscription"
    ]

    override class func tearDown() {
        print(ConformanceSummary.shared.render())
        super.tearDown()
    }

    func testPassthroughSubject() {
        let report = assertConformance(
            TrustedCatalog.passthroughSubject(), knownRaces: completionOvertakesSubscription,
            requestNoneProbe: ProbeRegistry.probe("PassthroughSubject"))
        XCTAssertEqual(report.outcome(.serialDelivery), .pass)
        XCTAssertEqual(report.outcome(.stress), .pass)
    }

    /// The reference, not the rule, is wrong here: OpenCombine 0.14's CurrentValueSubject
    /// delivers the current value on the first request and also offers the same value to
    /// the new conduit when a send on another thread copied the subscriber list in between,
    /// so a subscriber racing a send can receive one value twice.
    func testCurrentValueSubject() {
        let report = assertConformance(
            TrustedCatalog.currentValueSubject(),
            knownRaces: completionOvertakesSubscription.merging([
                .multicastReplay: "received a value twice in a row",
                .stress: "received a value twice",
            ]) { $1 },
            requestNoneProbe: ProbeRegistry.probe("CurrentValueSubject"))
        XCTAssertEqual(report.outcome(.lateSubscriber), .pass)
    }

    func testScan() {
        let report = assertConformance(
            TrustedCatalog.scan(), knownRaces: completionOvertakesSubscription,
            requestNoneProbe: ProbeRegistry.probe("Scan(PassthroughSubject)"))
        XCTAssertEqual(report.outcome(.multicastReplay).cell, "n/a")
    }

    func testJust() {
        let report = assertConformance(
            TrustedCatalog.just(), requestNoneProbe: ProbeRegistry.probe("Just"))
        XCTAssertEqual(report.outcome(.stepwiseDemand), .pass)
    }

    func testSequencePublisher() {
        let report = assertConformance(
            TrustedCatalog.sequence(), requestNoneProbe: ProbeRegistry.probe("Sequence publisher"))
        XCTAssertEqual(report.outcome(.completionWithoutDemand), .pass)
    }

    func testFailAndSetFailureType() {
        let report = assertConformance(
            TrustedCatalog.failingSequence(),
            requestNoneProbe: ProbeRegistry.probe("Fail / setFailureType"))
        XCTAssertEqual(report.outcome(.completionWithoutDemand), .pass)
    }

    func testSinkRejectsASecondSubscription() {
        let report = assertConformance(
            SubscriberHarness(name: "Subscribers.Sink") {
                let sink = Subscribers.Sink<Int, Never>(
                    receiveCompletion: { _ in }, receiveValue: { _ in })
                return .init(sink, cancel: { sink.cancel() })
            })
        XCTAssertEqual(report.outcome(.secondSubscription), .pass)
    }
}
