import CustomCombine

/// Runs the rules that concern subscribers (6, 7, 12 and the subscriber side of 13)
/// with ``ProbeSubscription``s standing in for publishers.
public struct SubscriberConformanceRunner: @unchecked Sendable {
    /// The subscriber under test.
    public let harness: SubscriberHarness

    /// Prepares a run; nothing happens until ``run()``.
    public init(_ harness: SubscriberHarness) {
        self.harness = harness
    }

    /// Runs the subscriber rules, each under a ``Watchdog``, and reports every rule,
    /// applicable or not; a declared rule that was not exercised fails.
    public func run() -> ConformanceReport {
        defer { ScenarioTrace.finish(subject: harness.name) }
        let runs = ConformanceRule.allCases.filter(harness.rules.contains).map { rule in
            Watchdog.run(rule, of: harness.name) { check(rule, $0) }
        }
        return Verdict.report(subject: harness.name, planned: harness.rules, runs: runs) { _ in
            "applies to publishers"
        }
    }

    private func check(_ rule: ConformanceRule, _ findings: Findings) {
        switch rule {
        case .secondSubscription: checkSecondSubscription(findings)
        case .requestNone: checkNeverRequestsNone(findings)
        case .cancellation: checkCancelForwarded(findings)
        case .release: checkRelease(findings)
        default: break
        }
    }

    private func describe(_ probe: ProbeSubscription, _ name: String) -> String {
        "\(name): requests \(probe.requests), cancels \(probe.cancelCount)"
    }

    private func checkSecondSubscription(_ findings: Findings) {
        let scenario = findings.begin("a second subscription")
        let instance = harness.make()
        let first = ProbeSubscription()
        let second = ProbeSubscription()
        instance.subscriber.receive(subscription: first)
        instance.subscriber.receive(subscription: second)
        let history = describe(first, "first") + "; " + describe(second, "second")
        let firstCancelled = first.cancelCount > 0
        instance.cancel?()
        findings.ran(.secondSubscription)
        if second.cancelCount == 0 {
            findings.fail(.secondSubscription, scenario, "second one not cancelled; \(history)")
        } else if !second.requests.isEmpty {
            findings.fail(.secondSubscription, scenario, "demand sent to the second; \(history)")
        } else if firstCancelled {
            findings.fail(
                .secondSubscription, scenario, "the first one was cancelled; \(history)")
        }
    }

    private func checkNeverRequestsNone(_ findings: Findings) {
        let scenario = findings.begin("five values, then finished")
        let instance = harness.make()
        let probe = ProbeSubscription()
        instance.subscriber.receive(subscription: probe)
        var returned: [Subscribers.Demand] = []
        for value in 0..<5 {
            returned.append(instance.subscriber.receive(value))
        }
        instance.subscriber.receive(completion: .finished)
        findings.ran(.requestNone)
        if probe.requests.contains(.none) {
            findings.fail(
                .requestNone, scenario,
                "the subscriber requested .none; \(describe(probe, "probe")), returned \(returned)"
            )
        }
    }

    private func checkCancelForwarded(_ findings: Findings) {
        let scenario = findings.begin("cancel twice")
        let instance = harness.make()
        guard let cancel = instance.cancel else {
            findings.skip(.cancellation, "no cancel of its own")
            return
        }
        let probe = ProbeSubscription()
        instance.subscriber.receive(subscription: probe)
        cancel()
        cancel()
        findings.ran(.cancellation)
        if probe.cancelCount == 0 {
            findings.fail(
                .cancellation, scenario,
                "cancel() did not reach the subscription; \(describe(probe, "probe"))")
        }
    }

    private func checkRelease(_ findings: Findings) {
        var scenario = findings.begin("completion")
        let instance = harness.make()
        weak var onCompletion: ProbeSubscription?
        do {
            let probe = ProbeSubscription()
            instance.subscriber.receive(subscription: probe)
            instance.subscriber.receive(completion: .finished)
            onCompletion = probe
        }
        findings.ran(.release)
        if onCompletion != nil {
            findings.fail(.release, scenario, "the subscription is still held after completion")
        }
        scenario = findings.begin("cancel")
        let second = harness.make()
        guard let cancel = second.cancel else { return }
        weak var onCancel: ProbeSubscription?
        do {
            let probe = ProbeSubscription()
            second.subscriber.receive(subscription: probe)
            cancel()
            onCancel = probe
        }
        if onCancel != nil {
            findings.fail(.release, scenario, "the subscription is still held after cancel")
        }
    }
}
