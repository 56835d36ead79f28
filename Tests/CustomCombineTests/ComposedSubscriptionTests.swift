import CustomCombine
import Dispatch
import Foundation
import OpenCombineShim
import TestSupport
import XCTest

/// Two `CustomSubscription`s in a chain (a `CustomScan` on a subject), driven from two
/// threads: one sends while the other requests or cancels. Each round runs under a
/// deadline, so a lock-order deadlock fails the test instead of hanging the suite.
final class ComposedSubscriptionTests: XCTestCase {
    private func runRounds(
        _ rounds: Int,
        makeSubject: () -> (send: (Int) -> Void, publisher: AnyPublisher<Int, Never>),
        whileSending: @escaping (Subscription) -> Void
    ) {
        for round in 0..<rounds {
            let (send, publisher) = makeSubject()
            let subscriptionBox = SubscriptionHolder()
            let sink = AnySubscriber<Int, Never>(
                receiveSubscription: { subscription in
                    subscriptionBox.store(subscription)
                    subscription.request(.max(1))
                },
                receiveValue: { _ in .max(1) },
                receiveCompletion: { _ in })
            CustomScan(upstream: publisher, initialResult: 0, nextPartialResult: +)
                .subscribe(sink)
            guard let subscription = subscriptionBox.subscription else {
                return XCTFail("round \(round): no subscription")
            }
            let sender = Shared<() -> Void> { for value in 0..<50 { send(value) } }
            let other = Shared<() -> Void> { whileSending(subscription) }
            let done = DispatchGroup()
            for work in [sender, other] {
                DispatchQueue.global().async(group: done) { work.value() }
            }
            if done.wait(timeout: .now() + 5) == .timedOut {
                return XCTFail("round \(round): deadlock, the two threads never finished")
            }
        }
    }

    private func customSubject() -> (send: (Int) -> Void, publisher: AnyPublisher<Int, Never>) {
        let subject = CustomSubject<Int, Never>()
        return ({ subject.send($0) }, subject.eraseToAnyPublisher())
    }

    private func bufferSubject() -> (send: (Int) -> Void, publisher: AnyPublisher<Int, Never>) {
        let subject = BufferSubject<Int, Never>(limit: 4)
        return ({ subject.send($0) }, subject.eraseToAnyPublisher())
    }

    func testScanOnCustomSubjectSurvivesCancelWhileSending() {
        runRounds(300, makeSubject: customSubject) { $0.cancel() }
    }

    func testScanOnCustomSubjectSurvivesRequestWhileSending() {
        runRounds(300, makeSubject: customSubject) { subscription in
            for _ in 0..<50 { subscription.request(.max(1)) }
        }
    }

    func testScanOnBufferSubjectSurvivesCancelWhileSending() {
        runRounds(300, makeSubject: bufferSubject) { $0.cancel() }
    }

    func testScanOnBufferSubjectSurvivesRequestWhileSending() {
        runRounds(300, makeSubject: bufferSubject) { subscription in
            for _ in 0..<50 { subscription.request(.max(1)) }
        }
    }
}

/// A closure handed to another thread; the test itself keeps the data race-free.
private final class SubscriptionHolder: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Subscription?
    func store(_ subscription: Subscription) { lock.withLock { stored = subscription } }
    var subscription: Subscription? { lock.withLock { stored } }
}
