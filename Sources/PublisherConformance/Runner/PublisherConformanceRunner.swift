import CustomCombine
import Foundation

/// Runs every applicable rule against fresh publishers made by a ``PublisherHarness`` and
/// returns a ``ConformanceReport`` naming each rule's outcome, with ledger histories for
/// failures.
public struct PublisherConformanceRunner<Output, Failure: Error>: @unchecked Sendable {
    /// The publisher under test.
    public let harness: PublisherHarness<Output, Failure>
    /// Rounds for the concurrent scenarios (rule 1's and rule 10's races, rule 9, stress):
    /// bounded, so a run always ends.
    public let rounds: Int
    /// Produces rule 13's observation, usually by running a child process
    /// (see ``RequestNoneProbe``); `nil` leaves rule 13 not applicable.
    public let requestNoneProbe: (() -> RuleOutcome)?

    /// Prepares a run; nothing happens until ``run(only:)``.
    public init(
        _ harness: PublisherHarness<Output, Failure>,
        rounds: Int = 20,
        requestNoneProbe: (() -> RuleOutcome)? = nil
    ) {
        self.harness = harness
        self.rounds = rounds
        self.requestNoneProbe = requestNoneProbe
    }

    /// Runs the harness's rules (or those of them in `rules`), each on a thread of its own
    /// under a ``Watchdog``, and reports every rule, applicable or not.
    ///
    /// A declared rule that no scenario exercised fails (see ``PublisherHarness/rules``);
    /// rule 13 is declared by giving the runner a probe.
    public func run(only rules: Set<ConformanceRule>? = nil) -> ConformanceReport {
        defer { ScenarioTrace.finish(subject: harness.name) }
        var declared = harness.rules
        if requestNoneProbe != nil { declared.insert(.requestNone) }
        var planned = declared.intersection(rules ?? declared)
        var runs: [Findings] = []
        for rule in ConformanceRule.allCases where planned.contains(rule) {
            if rule == .requestNone, let requestNoneProbe {
                // A child process, not a scenario: it beats no heartbeat and needs no watchdog.
                let findings = Findings(subject: harness.name, rule: rule)
                runs.append(findings)
                if !checkRequestNone(requestNoneProbe, findings) { planned.remove(rule) }
                continue
            }
            runs.append(Watchdog.run(rule, of: harness.name) { check(rule, $0) })
        }
        return Verdict.report(subject: harness.name, planned: planned, runs: runs) { rule in
            declared.contains(rule) ? "not run" : "does not apply to \(harness.name)"
        }
    }

    private func check(_ rule: ConformanceRule, _ findings: Findings) {
        switch rule {
        case .subscriptionFirst: checkSubscriptionFirst(findings)
        case .demandBound: checkDemandBound(findings)
        case .stepwiseDemand: checkStepwiseDemand(findings)
        case .singleCompletion: checkSingleCompletion(findings)
        case .completionWithoutDemand: checkCompletionWithoutDemand(findings)
        case .cancellation: checkCancellation(findings)
        case .release: checkRelease(findings)
        case .reentrancy: checkReentrancy(findings)
        case .serialDelivery: checkSerialDelivery(findings)
        case .multicastReplay: checkMulticastReplay(findings)
        case .lateSubscriber: checkLateSubscriber(findings)
        case .secondSubscription: findings.skip(rule, "applies to subscribers")
        case .requestNone: findings.skip(rule, "no child-process probe configured")
        case .stress: checkStress(findings)
        case .crossThreadControl: checkCrossThreadControl(findings)
        case .promptControl: checkPromptControl(findings)
        }
    }

    /// Rule 13 through the probe; `false` when the probe cannot run here (no child
    /// processes under ThreadSanitizer, say), which the report shows as not applicable.
    private func checkRequestNone(_ probe: () -> RuleOutcome, _ findings: Findings) -> Bool {
        let scenario = findings.begin("request(.none) in a child process")
        switch probe() {
        case .observed(let behaviour): findings.observe(.requestNone, behaviour)
        case .fail(let message): findings.fail(.requestNone, scenario, message)
        case .pass: findings.ran(.requestNone)
        case .notApplicable(let reason):
            findings.skip(.requestNone, reason)
            return false
        }
        return true
    }

    // MARK: helpers shared by the scenarios

    /// A recording subscriber for a scenario of `findings`' rule: it beats the rule's
    /// heartbeat, and its ledger is shown if the scenario deadlocks.
    func recorder(
        _ label: String,
        _ initialDemand: Subscribers.Demand?,
        _ findings: Findings,
        dwell: UInt32 = 0,
        onValue: RecordingSubscriber<Output, Failure>.ValueHook? = nil,
        onSubscription: RecordingSubscriber<Output, Failure>.SubscriptionHook? = nil
    ) -> RecordingSubscriber<Output, Failure> {
        let recorder = RecordingSubscriber(
            label: label, initialDemand: initialDemand, tag: harness.tag, dwell: dwell,
            onValue: onValue, onSubscription: onSubscription, heartbeat: findings.heartbeat)
        findings.watch(recorder)
        return recorder
    }

    var isPushed: Bool {
        if case .pushed = harness.delivery { return true }
        return false
    }

    var pulledCount: Int? {
        if case .pulled(let count) = harness.delivery { return count }
        return nil
    }

    /// The interval of a timed source, `nil` for the others.
    var interval: Double? {
        if case .timed(_, let interval) = harness.delivery { return interval }
        return nil
    }

    /// How many values a timed source produces, `nil` when endless or not timed.
    var timedCount: Int? {
        if case .timed(let count, _) = harness.delivery { return count }
        return nil
    }

    /// Whether the source can be brought to a normal completion.
    func canComplete(_ instance: PublisherInstance<Output, Failure>) -> Bool {
        switch harness.delivery {
        case .pushed: return instance.finish != nil
        case .pulled: return true
        case .timed(let count, _): return count != nil
        }
    }

    /// Checks that a subscriber asking for one value at a time, again and again (`source`
    /// says how: returned demand, requests from inside `receive(_:)`), kept values coming
    /// after `emit(_:0..<5)`: a pushed source delivers all five, a pulled one drains to its
    /// completion, a timed one gets past three ticks.
    func expectOneAtATimeFlows(
        _ subscriber: RecordingSubscriber<Output, Failure>, through source: String,
        _ rule: ConformanceRule, _ scenario: String, _ findings: Findings
    ) {
        if isPushed {
            findings.expect(
                Set(0..<5).isSubset(of: Set(subscriber.tags)), rule, scenario,
                "values sent while relying on \(source) were not delivered", subscriber)
        } else if let count = pulledCount {
            findings.expect(
                subscriber.values.count == count && subscriber.completionCount == 1, rule,
                scenario, "\(source) did not drain the source", subscriber)
        } else {
            let reached = findings.eventually {
                subscriber.values.count >= 3 || subscriber.completionCount > 0
            }
            findings.expect(
                reached, rule, scenario, "\(source) did not keep values coming", subscriber)
        }
    }

    /// Runs each body on a thread of its own and waits for all of them. Threads of their own,
    /// not Dispatch's pool: threads stuck in a deadlock must not starve later scenarios.
    func runOnThreads(_ bodies: [() -> Void]) {
        let finished = DispatchSemaphore(value: 0)
        for body in bodies {
            let work = Unchecked(value: body)
            Thread {
                work.value()
                finished.signal()
            }.start()
        }
        for _ in bodies { finished.wait() }
    }

    /// Pushes `values` in order when the source is pushed; otherwise does nothing.
    func emit(_ instance: PublisherInstance<Output, Failure>, _ values: some Sequence<Int>) {
        guard let emit = instance.emit else { return }
        for value in values { emit(value) }
    }

    /// Sends disjoint ranges of values from several threads at once; returns what was sent.
    func sendConcurrently(
        _ instance: PublisherInstance<Output, Failure>, threads: Int, perThread: Int
    ) -> [Int] {
        guard let emit = instance.emit else { return [] }
        let box = Unchecked(value: emit)
        let group = DispatchGroup()
        for thread in 0..<threads {
            DispatchQueue.global().async(group: group) {
                for index in 0..<perThread { box.value(thread * 1_000 + index) }
            }
        }
        group.wait()
        return (0..<threads).flatMap { thread in (0..<perThread).map { thread * 1_000 + $0 } }
    }

    /// `true` when `tags` holds each of `sent` exactly once (other tags, such as a
    /// current-value subject's initial value, are ignored).
    func deliveredExactlyOnce(_ tags: [Int], _ sent: [Int]) -> Bool {
        let expected = Set(sent)
        let relevant = tags.filter { expected.contains($0) }
        return relevant.count == sent.count && Set(relevant) == expected
    }
}
