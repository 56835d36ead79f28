import CustomCombine

/// Runs the rules that concern subscribers (6, 7, 12 and the subscriber side of 13)
/// with ``ProbeSubscription``s standing in for publishers.
public struct SubscriberConformanceRunner {
    /// The subscriber under test.
    public let harness: SubscriberHarness

    /// Prepares a run; nothing happens until ``run()``.
    public init(_ harness: SubscriberHarness) {
        self.harness = harness
    }

    /// Runs the subscriber rules and reports every rule, applicable or not.
    public func run() -> ConformanceReport {
        var outcomes: [ConformanceRule: RuleOutcome] = [:]
        for rule in ConformanceRule.allCases {
            outcomes[rule] = .notApplicable("applies to publishers")
        }
        outcomes[.secondSubscription] = checkSecondSubscription()
        outcomes[.requestNone] = checkNeverRequestsNone()
        outcomes[.cancellation] = checkCancelForwarded()
        outcomes[.release] = checkRelease()
        return ConformanceReport(subject: harness.name, outcomes: outcomes)
    }

    private func describe(_ probe: ProbeSubscription, _ name: String) -> String {
        "\(name): requests \(probe.requests), cancels \(probe.cancelCount)"
    }

    private func checkSecondSubscription() -> RuleOutcome {
        let instance = harness.make()
        let first = ProbeSubscription()
        let second = ProbeSubscription()
        instance.subscriber.receive(subscription: first)
        instance.subscriber.receive(subscription: second)
        let history = describe(first, "first") + "; " + describe(second, "second")
        let firstCancelled = first.cancelCount > 0
        instance.cancel?()
        if second.cancelCount == 0 {
            return .fail(
                "\(ConformanceRule.secondSubscription): second one not cancelled; \(history)")
        }
        if !second.requests.isEmpty {
            return .fail(
                "\(ConformanceRule.secondSubscription): demand sent to the second; \(history)")
        }
        if firstCancelled {
            return .fail(
                "\(ConformanceRule.secondSubscription): the first one was cancelled; \(history)")
        }
        return .pass
    }

    private func checkNeverRequestsNone() -> RuleOutcome {
        let instance = harness.make()
        let probe = ProbeSubscription()
        instance.subscriber.receive(subscription: probe)
        var returned: [Subscribers.Demand] = []
        for value in 0..<5 {
            returned.append(instance.subscriber.receive(value))
        }
        instance.subscriber.receive(completion: .finished)
        if probe.requests.contains(.none) {
            return .fail(
                "\(ConformanceRule.requestNone): the subscriber requested .none; "
                    + describe(probe, "probe") + ", returned \(returned)")
        }
        return .pass
    }

    private func checkCancelForwarded() -> RuleOutcome {
        let instance = harness.make()
        guard let cancel = instance.cancel else { return .notApplicable("no cancel of its own") }
        let probe = ProbeSubscription()
        instance.subscriber.receive(subscription: probe)
        cancel()
        cancel()
        if probe.cancelCount == 0 {
            return .fail(
                "\(ConformanceRule.cancellation): cancel() did not reach the subscription; "
                    + describe(probe, "probe"))
        }
        return .pass
    }

    private func checkRelease() -> RuleOutcome {
        let instance = harness.make()
        weak var onCompletion: ProbeSubscription?
        do {
            let probe = ProbeSubscription()
            instance.subscriber.receive(subscription: probe)
            instance.subscriber.receive(completion: .finished)
            onCompletion = probe
        }
        if onCompletion != nil {
            return .fail(
                "\(ConformanceRule.release): the subscription is still held after completion")
        }
        let second = harness.make()
        guard let cancel = second.cancel else { return .pass }
        weak var onCancel: ProbeSubscription?
        do {
            let probe = ProbeSubscription()
            second.subscriber.receive(subscription: probe)
            cancel()
            onCancel = probe
        }
        if onCancel != nil {
            return .fail("\(ConformanceRule.release): the subscription is still held after cancel")
        }
        return .pass
    }
}
