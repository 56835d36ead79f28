import CustomCombine
import Foundation
import PublisherConformance
import XCTest

/// The wrong subjects readers wrote from chapter 3 (issue 21), checked the way chapter 3
/// checks them under `workbook test 03 --mine`: the chapter's own harness shape, public API
/// only. Each must fail the rule it breaks; written as the chapter teaches, none may.
final class LearnerMistakeTests: XCTestCase {
    private func harness(_ mistake: LearnerSubject<Int, ConformanceFailure>.Mistake)
        -> PublisherHarness<Int, ConformanceFailure>
    {
        .subject(named: "CustomSubject (\(mistake))") {
            LearnerSubject<Int, ConformanceFailure>(mistake)
        }
    }

    func testTheSubjectChapter3TeachesPassesEveryRule() {
        let report = PublisherConformanceRunner(harness(.none)).run()
        XCTAssertEqual(report.failedRules, [], report.failureMessages.joined(separator: "\n"))
    }

    /// The list keeps every cancelled link; the link itself lets go of the subscriber, so
    /// only what the subject keeps of the subscription shows it.
    func testKitCatchesASubjectThatNeverRemovesACancelledSubscriber() {
        let report = PublisherConformanceRunner(harness(.neverRemoves)).run(only: [.release])
        XCTAssertEqual(report.failedRules, [.release], report.failureMessages.joined())
        XCTAssertTrue(
            report.failureMessages.joined().contains("until it completed"),
            report.failureMessages.joined())
    }

    /// The subscription first, then joining the list, is right, but a subscriber that
    /// cancels inside `receive(subscription:)` must not join afterwards.
    func testKitCatchesACancelledSubscriberThatJoinsTheList() {
        let report = PublisherConformanceRunner(harness(.joinsAfterCancelling)).run(only: [.release]
        )
        XCTAssertEqual(report.failedRules, [.release], report.failureMessages.joined())
        XCTAssertTrue(
            report.failureMessages.joined().contains("cancel inside receive(subscription:)"),
            report.failureMessages.joined())
    }

    /// Registering, then handing over the subscription: a completion sent from another
    /// thread in between arrives first.
    func testKitCatchesACompletionThatOvertakesTheSubscription() throws {
        guard ConformanceEnvironment.racesSubscribingAgainstCompletion else {
            throw XCTSkip(
                "the race needs a thread freezer, which does not work under ThreadSanitizer")
        }
        let report = PublisherConformanceRunner(harness(.registersBeforeHandshake))
            .run(only: [.subscriptionFirst])
        XCTAssertEqual(report.failedRules, [.subscriptionFirst], report.failureMessages.joined())
        XCTAssertTrue(
            report.failureMessages.joined().contains("completion before any subscription"),
            report.failureMessages.joined())
    }

    /// A subscriber cancelling inside `receive(_:)` waits for the lock its own delivery
    /// holds: the kit names the deadlock well within the runner's 30 s default timeout.
    func testKitNamesTheDeadlockOfALockHeldWhileCallingWithinTheRunnersTimeout() {
        let report = PublisherConformanceRunner(harness(.callsUnderLock)).run(only: [.reentrancy])
        let message = report.failureMessages.joined()
        XCTAssertEqual(report.failedRules, [.reentrancy], message)
        XCTAssertTrue(message.contains("cancel inside receive(_:)"), message)
        XCTAssertTrue(message.contains("deadlock"), message)
    }

    func testKitCatchesASubjectThatIgnoresDemand() {
        let report = PublisherConformanceRunner(harness(.ignoresDemand)).run()
        XCTAssertTrue(report.failedRules.contains(.demandBound), report.failureMessages.joined())
    }
}
