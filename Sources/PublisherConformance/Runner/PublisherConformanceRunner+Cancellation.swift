import CustomCombine
import Foundation

/// Rules 6 and 7: cancelling, and letting go of the subscriber and the subscription.
extension PublisherConformanceRunner {
    func checkCancellation(_ findings: Findings) {
        var scenario = findings.begin("cancel, then request and cancel again")
        let instance = harness.make()
        let subscriber = recorder("canceller", pulledCount == nil ? .unlimited : .max(1), findings)
        instance.subscribe(subscriber)
        emit(instance, 0..<2)
        if interval != nil { _ = findings.eventually { subscriber.values.count >= 1 } }
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

        scenario = findings.begin("cancel from eight threads at once")
        let second = harness.make()
        let target = recorder("concurrent canceller", isPushed ? .unlimited : nil, findings)
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
        var scenario = findings.begin("cancel")
        let instance = harness.make()
        weak var cancelled: RecordingSubscriber<Output, Failure>?
        do {
            let subscriber = recorder(
                "released on cancel", pulledCount == nil ? .unlimited : nil, findings)
            instance.subscribe(subscriber)
            emit(instance, [0])
            if interval != nil { _ = findings.eventually { subscriber.values.count >= 1 } }
            subscriber.cancel()
            cancelled = subscriber
        }
        findings.ran(.release)
        if !findings.eventually({ cancelled == nil }) {
            findings.fail(
                .release, scenario, "the publisher still holds the subscriber after cancel",
                history: cancelled?.ledger)
        }
        withExtendedLifetime(instance) {}

        checkCancelledSubscriptionIsDropped(findings, cancelling: "after a value")
        checkCancelledSubscriptionIsDropped(findings, cancelling: "inside receive(subscription:)")

        scenario = findings.begin("completion")
        let second = harness.make()
        guard canComplete(second) else { return }
        weak var completed: RecordingSubscriber<Output, Failure>?
        do {
            let subscriber = recorder("released on completion", .unlimited, findings)
            second.subscribe(subscriber)
            emit(second, [0])
            second.finish?()
            if interval != nil { _ = findings.eventually { subscriber.completionCount > 0 } }
            completed = subscriber
        }
        if !findings.eventually({ completed == nil }) {
            findings.fail(
                .release, scenario, "the publisher still holds the subscriber after completing",
                history: completed?.ledger)
        }
        withExtendedLifetime(second) {}
    }

    /// After a cancel, the publisher must let go of the subscription it handed out, not keep
    /// it until it completes: a subject that never takes a cancelled subscriber off its list
    /// passes every other check, because the subscription itself lets go of the subscriber.
    /// So the scenario watches the subscription's parts (see ``SubscriptionParts``): any
    /// still held after the cancel, and released by the completion that follows, was held by
    /// the publisher for a subscriber that had left. (A part still held after the completion
    /// too is shared with something that outlives both, such as the publisher itself.)
    ///
    /// `cancelling` is when the subscriber cancels: after a value arrived, or inside
    /// `receive(subscription:)`, before the subject has finished registering it.
    private func checkCancelledSubscriptionIsDropped(_ findings: Findings, cancelling: String) {
        let scenario = findings.begin("cancel \(cancelling), then finish")
        let instance = harness.make()
        guard isPushed, instance.finish != nil else { return }
        var parts: SubscriptionParts?
        let early = cancelling.hasPrefix("inside")
        let subscriber = recorder(
            "cancels \(cancelling)", .unlimited, findings,
            onSubscription: { subscriber, subscription in
                guard early else { return }
                parts = SubscriptionParts(subscription)
                subscriber.cancel()
            })
        instance.subscribe(subscriber)
        if !early {
            emit(instance, [0])
            parts = SubscriptionParts(subscriber.currentSubscription)
            subscriber.cancel()
        }
        let keptAfterCancel = parts?.alive ?? []
        instance.finish?()
        let releasedByCompletion = keptAfterCancel.subtracting(parts?.alive ?? [])
        findings.expect(
            releasedByCompletion.isEmpty, .release, scenario,
            "the publisher kept the cancelled subscription ("
                + releasedByCompletion.sorted().joined(separator: ", ")
                + ") until it completed: cancel did not take the subscriber off its list",
            subscriber)
        withExtendedLifetime(instance) {}
    }
}
