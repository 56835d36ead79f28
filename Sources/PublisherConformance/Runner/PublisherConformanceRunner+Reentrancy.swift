import CustomCombine

/// Rule 8: calls back into the publisher from inside the subscriber's callbacks.
extension PublisherConformanceRunner {
    /// A deadlock here (a lock held while calling the subscriber, taken again by its call
    /// back) stops the rule's heartbeat, and the ``Watchdog`` names the scenario.
    func checkReentrancy(_ findings: Findings) {
        requestInsideSubscription(findings)
        requestInsideValue(findings)
        cancelInsideValue(findings)
        sendInsideValue(findings)
    }

    private func requestInsideSubscription(_ findings: Findings) {
        let scenario = findings.begin("request inside receive(subscription:)")
        let instance = harness.make()
        let subscriber = recorder("requests on subscription", .max(1), findings)
        instance.subscribe(subscriber)
        emit(instance, [0])
        if interval != nil { _ = findings.eventually { subscriber.values.count >= 1 } }
        let expected = pulledCount.map { min(1, $0) } ?? 1
        findings.expect(
            subscriber.values.count == expected, .reentrancy, scenario,
            "\(subscriber.values.count) values for max(1)", subscriber)
        findings.absorb(subscriber, scenario)
        subscriber.cancel()
        withExtendedLifetime(instance) {}
    }

    private func requestInsideValue(_ findings: Findings) {
        let scenario = findings.begin("request inside receive(_:)")
        let instance = harness.make()
        let subscriber = recorder("requests on value", .max(1), findings) { subscriber, _ in
            subscriber.request(.max(1), context: "inside receive(_:)")
            return .none
        }
        instance.subscribe(subscriber)
        emit(instance, 0..<5)
        expectOneAtATimeFlows(
            subscriber, through: "requests from inside receive(_:)", .reentrancy, scenario,
            findings)
        findings.absorb(subscriber, scenario)
        subscriber.cancel()
        withExtendedLifetime(instance) {}
    }

    private func cancelInsideValue(_ findings: Findings) {
        let scenario = findings.begin("cancel inside receive(_:)")
        let instance = harness.make()
        let subscriber = recorder("cancels on value", .unlimited, findings) { subscriber, _ in
            subscriber.cancel()
            return .none
        }
        instance.subscribe(subscriber)
        emit(instance, 0..<3)
        if let interval {
            _ = findings.eventually { subscriber.values.count >= 1 }
            settle(interval * 3)
        }
        let expected = pulledCount.map { min(1, $0) } ?? 1
        findings.expect(
            subscriber.values.count == expected, .reentrancy, scenario,
            "\(subscriber.values.count) values after cancelling inside the first", subscriber)
        findings.absorb(subscriber, scenario)
        withExtendedLifetime(instance) {}
    }

    private func sendInsideValue(_ findings: Findings) {
        let scenario = findings.begin("send from inside its own sink")
        let instance = harness.make()
        guard let send = instance.emit else { return }
        let tag = harness.tag
        let subscriber = recorder("sends on value", .unlimited, findings) { _, value in
            let number = tag(value)
            if number >= 1_000 && number < 1_050 { send(number + 1) }
            return .none
        }
        instance.subscribe(subscriber)
        send(1_000)
        let nested = subscriber.tags.filter { $0 >= 1_000 }.sorted()
        let complete =
            harness.tagsAreStable ? nested == Array(1_000...1_050) : nested.count == 51
        findings.expect(
            complete, .reentrancy, scenario,
            "a chain of 51 nested sends delivered \(nested.count) values", subscriber)
        findings.absorb(subscriber, scenario)
        subscriber.cancel()
        withExtendedLifetime(instance) {}
        sendBurstInsideValue(findings)
    }

    /// Five values sent at once from inside a sink must all arrive, after the current one.
    private func sendBurstInsideValue(_ findings: Findings) {
        let scenario = findings.begin("send a burst of five from inside its own sink")
        let instance = harness.make()
        guard let send = instance.emit else { return }
        let tag = harness.tag
        let subscriber = recorder("bursts on value", .unlimited, findings) { _, value in
            if tag(value) == 2_000 { (2_001...2_005).forEach(send) }
            return .none
        }
        instance.subscribe(subscriber)
        send(2_000)
        let burst = subscriber.tags.filter { $0 >= 2_000 }
        let complete =
            harness.tagsAreStable ? burst.sorted() == Array(2_000...2_005) : burst.count == 6
        findings.expect(
            complete, .reentrancy, scenario,
            "a burst of five sends from inside receive(_:) arrived as \(burst)", subscriber)
        findings.absorb(subscriber, scenario)
        subscriber.cancel()
        withExtendedLifetime(instance) {}
    }
}
