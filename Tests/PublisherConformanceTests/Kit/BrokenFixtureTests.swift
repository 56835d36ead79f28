import CustomCombine
import PublisherConformance
import XCTest

/// Each deliberately broken fixture must make the kit fail the rule it breaks; the
/// flaw-free fixture must pass, which shows each failure comes from its flaw.
final class BrokenFixtureTests: XCTestCase {
    private func report(_ flaws: FlawedSubject.Flaws, _ name: String) -> ConformanceReport {
        PublisherConformanceRunner(FixtureCatalog.flawed(flaws, name: name), rounds: 5).run()
    }

    func testFlawFreeFixturePassesEveryRule() {
        let report = report([], "FlawedSubject (no flaws)")
        XCTAssertEqual(report.failedRules, [], report.failureMessages.joined(separator: "\n"))
        XCTAssertEqual(report.outcome(.serialDelivery), .pass)
    }

    /// The library's old design: two links that hold their lock while calling upstream
    /// deadlock when one thread sends and another requests or cancels. The kit reports it
    /// as a rule 15 failure with the history, within its deadline, instead of hanging.
    func testKitCatchesALockHeldAcrossCallsInAChain() {
        let report = PublisherConformanceRunner(FixtureCatalog.lockAcrossCallsChain(), rounds: 200)
            .run(only: [.crossThreadControl])
        let message = report.failureMessages.joined(separator: "\n")
        XCTAssertTrue(report.outcome(.crossThreadControl).isFailure, "no deadlock found")
        XCTAssertTrue(message.contains("R15 cross-thread-control failed"), message)
        XCTAssertTrue(message.contains("deadlock"), message)
        XCTAssertTrue(message.contains("history of"), message)
    }

    func testKitCatchesAPublisherThatIgnoresDemand() {
        let report = report(.ignoresDemand, "ignores demand")
        XCTAssertTrue(report.outcome(.demandBound).isFailure)
        XCTAssertTrue(report.outcome(.stepwiseDemand).isFailure)
        let message = report.failureMessages.joined(separator: "\n")
        XCTAssertTrue(message.contains("R2 demand-bound"), message)
        XCTAssertTrue(message.contains("exceeds cumulative demand"), message)
        XCTAssertTrue(message.contains("history of"), message)
    }

    func testKitCatchesAPublisherThatSendsAfterCompletion() {
        let report = report(.sendsAfterCompletion, "sends after completion")
        XCTAssertTrue(report.outcome(.singleCompletion).isFailure)
        XCTAssertTrue(report.failureMessages.joined().contains("value after the completion"))
    }

    func testKitCatchesTwoSubscriptions() {
        let report = report(.twoSubscriptions, "two subscriptions")
        XCTAssertTrue(report.outcome(.subscriptionFirst).isFailure)
        XCTAssertTrue(report.failureMessages.joined().contains("a second subscription"))
    }

    func testKitCatchesAValueBeforeTheSubscription() {
        let report = report(.valueBeforeSubscription, "value before subscription")
        XCTAssertTrue(report.outcome(.subscriptionFirst).isFailure)
        XCTAssertTrue(report.failureMessages.joined().contains("value before any subscription"))
    }

    func testKitCatchesOverlappingCalls() {
        let report = PublisherConformanceRunner(
            FixtureCatalog.flawed(.overlapsCalls, name: "overlaps calls"), rounds: 20
        ).run(only: [.serialDelivery])
        XCTAssertTrue(report.outcome(.serialDelivery).isFailure)
        XCTAssertTrue(report.failureMessages.joined().contains("overlaps a call on another thread"))
    }

    func testKitCatchesSubscriberFlaws() {
        let clean = SubscriberConformanceRunner(FixtureCatalog.subscriber([], name: "clean")).run()
        XCTAssertEqual(clean.failedRules, [], clean.failureMessages.joined(separator: "\n"))
        let greedy = SubscriberConformanceRunner(
            FixtureCatalog.subscriber(.acceptsEverySubscription, name: "greedy")
        ).run()
        XCTAssertEqual(greedy.failedRules, [.secondSubscription])
        let none = SubscriberConformanceRunner(
            FixtureCatalog.subscriber(.requestsNone, name: "requests none")
        ).run()
        XCTAssertEqual(none.failedRules, [.requestNone])
        let clinging = SubscriberConformanceRunner(
            FixtureCatalog.subscriber(.keepsSubscription, name: "clinging")
        ).run()
        XCTAssertEqual(clinging.failedRules, [.release])
    }
}
