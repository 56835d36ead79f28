import CustomCombine
import Foundation

/// Rules 6 and 7: cancelling, and letting go of the subscriber.
extension PublisherConformanceRunner {
    func checkCancellation(_ findings: Findings) {
        var scenario = "cancel, then request and cancel again"
        let instance = harness.make()
        let subscriber = recorder("canceller", pulledCount == nil ? .unlimited : .max(1))
        instance.subscribe(subscriber)
        emit(instance, 0..<2)
        if interval != nil { _ = eventually { subscriber.values.count >= 1 } }
        let subscription = subscriber.currentSubscription
        subscriber.cancel()
        emit(instance, 2..<4)
        if let interval { settle(interval * 2) }
        let settled = subscriber.values.count
        subscription?.request(.max(3))
        emit(instance, [4])
        subscription?.cancel()
        subscriber.cancel()
        if let interval {
            settle(interval * 4)
            findings.expect(
                subscriber.values.count == settled, .cancellation, scenario,
                "delivery went on after cancel", subscriber)
            findings.expect(
                subscriber.valuesAfterCancel <= 1, .cancellation, scenario,
                "\(subscriber.valuesAfterCancel) values after cancel", subscriber)
        } else {
            findings.expect(
                subscriber.valuesAfterCancel == 0, .cancellation, scenario,
                "\(subscriber.valuesAfterCancel) values delivered after cancel", subscriber)
        }
        findings.absorb(subscriber, scenario)

        scenario = "cancel from eight threads at once"
        let second = harness.make()
        let target = recorder("concurrent canceller", isPushed ? .unlimited : nil)
        second.subscribe(target)
        let box = Unchecked(value: target.currentSubscription)
        DispatchQueue.concurrentPerform(iterations: 8) { _ in box.value?.cancel() }
        let before = target.values.count
        target.cancel()
        box.value?.request(.max(2))
        emit(second, [7])
        if let interval { settle(interval * 4) }
        findings.expect(
            target.values.count == before, .cancellation, scenario,
            "values arrived after the subscription was cancelled", target)
        findings.absorb(target, scenario)
        withExtendedLifetime((instance, second)) {}
    }

    func checkRelease(_ findings: Findings) {
        let instance = harness.make()
        weak var cancelled: RecordingSubscriber<Output, Failure>?
        do {
            let subscriber = recorder("released on cancel", pulledCount == nil ? .unlimited : nil)
            instance.subscribe(subscriber)
            emit(instance, [0])
            if interval != nil { _ = eventually { subscriber.values.count >= 1 } }
            subscriber.cancel()
            cancelled = subscriber
        }
        findings.ran(.release)
        if !eventually({ cancelled == nil }) {
            findings.fail(
                .release, "cancel", "the publisher still holds the subscriber after cancel",
                history: cancelled?.history ?? "")
        }
        withExtendedLifetime(instance) {}

        let second = harness.make()
        guard canComplete(second) else { return }
        weak var completed: RecordingSubscriber<Output, Failure>?
        do {
            let subscriber = recorder("released on completion", .unlimited)
            second.subscribe(subscriber)
            emit(second, [0])
            second.finish?()
            if interval != nil { _ = eventually { subscriber.completionCount > 0 } }
            completed = subscriber
        }
        if !eventually({ completed == nil }) {
            findings.fail(
                .release, "completion", "the publisher still holds the subscriber after completing",
                history: completed?.history ?? "")
        }
        withExtendedLifetime(second) {}
    }
}
