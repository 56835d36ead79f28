import CustomCombine
import Foundation
import PublisherConformance
import XCTest

/// The recording subscriber's ledger is the kit's evidence: these tests feed it signals by
/// hand and check that it flags exactly the breaches it should.
final class RecordingSubscriberTests: XCTestCase {
    private func recorder(
        _ demand: Subscribers.Demand?, dwell: UInt32 = 0,
        onValue: RecordingSubscriber<Int, Never>.ValueHook? = nil
    ) -> RecordingSubscriber<Int, Never> {
        RecordingSubscriber(
            label: "under test", initialDemand: demand, tag: { $0 }, dwell: dwell, onValue: onValue)
    }

    func testLedgerFlagsAValueBeyondDemand() {
        let subscriber = recorder(.max(1))
        let probe = ProbeSubscription()
        subscriber.receive(subscription: probe)
        XCTAssertEqual(probe.requests, [.max(1)])
        _ = subscriber.receive(1)
        XCTAssertTrue(subscriber.violations.isEmpty)
        _ = subscriber.receive(2)
        XCTAssertEqual(subscriber.violations.map(\.rule), [.demandBound])
        XCTAssertTrue(
            subscriber.history.contains("receive(2) delivered 2 of max(1)"), subscriber.history)
    }

    func testReturnedDemandCountsInTheLedger() {
        let subscriber = recorder(.max(1)) { _, _ in .max(1) }
        subscriber.receive(subscription: ProbeSubscription())
        for value in 0..<4 { XCTAssertEqual(subscriber.receive(value), .max(1)) }
        XCTAssertTrue(subscriber.violations.isEmpty, subscriber.history)
        XCTAssertEqual(subscriber.tags, [0, 1, 2, 3])
    }

    func testLedgerFlagsSignalsOutOfOrder() {
        let subscriber = recorder(.unlimited)
        _ = subscriber.receive(0)
        subscriber.receive(subscription: ProbeSubscription())
        subscriber.receive(completion: .finished)
        subscriber.receive(completion: .finished)
        _ = subscriber.receive(1)
        XCTAssertEqual(
            subscriber.violations.map(\.rule),
            [
                .subscriptionFirst, .demandBound, .subscriptionFirst, .singleCompletion,
                .singleCompletion,
            ])
    }

    func testSecondSubscriptionIsCancelledAndFlagged() {
        let subscriber = recorder(.unlimited)
        let first = ProbeSubscription()
        let second = ProbeSubscription()
        subscriber.receive(subscription: first)
        subscriber.receive(subscription: second)
        XCTAssertEqual(second.cancelCount, 1)
        XCTAssertEqual(first.cancelCount, 0)
        XCTAssertEqual(subscriber.violations.map(\.rule), [.subscriptionFirst])
    }

    func testCancelForgetsTheSubscriptionAndCountsLateValues() {
        let subscriber = recorder(.unlimited)
        let probe = ProbeSubscription()
        subscriber.receive(subscription: probe)
        subscriber.cancel()
        XCTAssertEqual(probe.cancelCount, 1)
        XCTAssertNil(subscriber.currentSubscription)
        _ = subscriber.receive(5)
        XCTAssertEqual(subscriber.valuesAfterCancel, 1)
    }

    func testSameThreadReentrancyIsNotAnOverlap() {
        let subscriber = recorder(.unlimited) { subscriber, value in
            if value < 3 { _ = subscriber.receive(value + 1) }
            return .none
        }
        subscriber.receive(subscription: ProbeSubscription())
        _ = subscriber.receive(0)
        XCTAssertEqual(subscriber.tags, [0, 1, 2, 3])
        XCTAssertTrue(subscriber.violations.isEmpty, subscriber.history)
    }

    func testCallsFromTwoThreadsAtOnceAreFlagged() {
        let subscriber = recorder(.unlimited, dwell: 200_000)
        subscriber.receive(subscription: ProbeSubscription())
        let inside = DispatchSemaphore(value: 0)
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) {
            inside.signal()
            _ = subscriber.receive(1)
        }
        inside.wait()
        _ = subscriber.receive(2)
        group.wait()
        XCTAssertTrue(
            subscriber.violations.contains { $0.rule == .serialDelivery }, subscriber.history)
    }

    func testSummaryRendersOneRowPerComponent() {
        let summary = ConformanceSummary()
        var outcomes: [ConformanceRule: RuleOutcome] = [:]
        for rule in ConformanceRule.allCases { outcomes[rule] = .notApplicable("test") }
        outcomes[.demandBound] = .pass
        outcomes[.requestNone] = .observed("trap")
        summary.record(ConformanceReport(subject: "Example", outcomes: outcomes))
        let table = summary.render()
        XCTAssertTrue(table.contains("| Example"), table)
        XCTAssertTrue(table.contains("pass"), table)
        XCTAssertTrue(table.contains("trap"), table)
        XCTAssertTrue(table.contains("R13 request-none"), table)
    }
}
