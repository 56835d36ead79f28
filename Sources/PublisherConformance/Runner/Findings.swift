import Foundation

/// What the scenarios of one rule found, and what they are doing right now: the rule's
/// heartbeat, the scenario that is running (announced by ``ScenarioTrace``) and its
/// subscribers, so that a deadlock can be reported with the scenario and a history.
///
/// A scenario may report on other rules than its own (a stepwise-demand run can expose a
/// value beyond demand), so findings are kept per rule. Locked: a rule's scenarios may
/// report from several threads, and a thread left behind in a deadlock may still report.
final class Findings: @unchecked Sendable {
    /// The component's name, for announcements.
    let subject: String
    /// The rule whose scenarios these findings come from.
    let rule: ConformanceRule
    /// Beaten by every signal of this rule's subscribers and every wait.
    let heartbeat = Heartbeat()

    private let lock = NSLock()
    private var found: [ScenarioFailure] = []
    private var exercised: Set<ConformanceRule> = []
    private var skipped: [ConformanceRule: String] = [:]
    private var observed: [ConformanceRule: String] = [:]
    private var scenario = "before any scenario"
    private var announced = ""
    private var ledgers: [() -> ScenarioFailure.History?] = []

    init(subject: String, rule: ConformanceRule) {
        self.subject = subject
        self.rule = rule
    }

    // MARK: what a scenario reports

    /// Starts a scenario: announces it (once for all its rounds) and returns its name with
    /// the round, for messages.
    func begin(_ name: String, round: Int? = nil) -> String {
        let full = round.map { "\(name), round \($0 + 1)" } ?? name
        let announce: Bool = lock.withLock {
            scenario = full
            ledgers.removeAll()
            defer { announced = name }
            return announced != name
        }
        heartbeat.beat()
        if announce { ScenarioTrace.announce(subject: subject, rule: rule, scenario: name) }
        return full
    }

    /// Keeps `recorder`'s ledger at hand in case the scenario deadlocks; weakly, since
    /// rule 7 checks that the publisher alone does not keep a recorder alive.
    func watch<Input, Failure>(_ recorder: RecordingSubscriber<Input, Failure>) {
        lock.withLock { ledgers.append { [weak recorder] in recorder?.ledger } }
    }

    func ran(_ rule: ConformanceRule) {
        _ = lock.withLock { exercised.insert(rule) }
    }

    func skip(_ rule: ConformanceRule, _ reason: String) {
        lock.withLock { skipped[rule] = reason }
    }

    func observe(_ rule: ConformanceRule, _ behaviour: String) {
        lock.withLock { observed[rule] = behaviour }
    }

    func fail(
        _ rule: ConformanceRule, _ scenario: String, _ message: String,
        history: ScenarioFailure.History? = nil
    ) {
        let failure = ScenarioFailure(
            rule: rule, scenario: scenario, message: message, history: history)
        lock.withLock {
            exercised.insert(rule)
            found.append(failure)
        }
    }

    /// Copies the violations a recorder noticed on the fly, the first of each rule, with
    /// its history.
    func absorb<Input, Failure>(_ recorder: RecordingSubscriber<Input, Failure>, _ scenario: String)
    {
        let violations = recorder.violations
        guard !violations.isEmpty else { return }
        let ledger = recorder.ledger
        var seen: Set<ConformanceRule> = []
        for violation in violations where seen.insert(violation.rule).inserted {
            fail(violation.rule, scenario, violation.message, history: ledger)
        }
    }

    /// Checks a condition; on failure records it with the recorder's history.
    func expect<Input, Failure>(
        _ condition: Bool, _ rule: ConformanceRule, _ scenario: String,
        _ message: @autoclosure () -> String,
        _ recorder: RecordingSubscriber<Input, Failure>
    ) {
        ran(rule)
        if !condition {
            fail(rule, scenario, message(), history: recorder.ledger)
        }
    }

    /// Polls `condition` until it holds or `timeout` seconds pass, beating the heartbeat:
    /// waiting for an asynchronous source is the kit's doing, not a deadlock. Sources are
    /// judged on counts reached, never on how long they took.
    func eventually(timeout: Double = 10, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while !condition() {
            if Date() > deadline { return false }
            heartbeat.beat()
            usleep(1_000)
        }
        return true
    }

    /// Records that the rule went silent for ``Watchdog/quietPeriod`` seconds in the
    /// scenario that was running, with the history of that scenario's latest subscriber.
    func deadlocked() {
        let (scenario, ledgers) = lock.withLock { (self.scenario, self.ledgers) }
        let ledger = ledgers.reversed().lazy.compactMap { $0() }.first
        fail(
            rule, scenario,
            "deadlock: nothing happened for \(Int(Watchdog.quietPeriod)) s. Usually a lock "
                + "held while calling out: the call that comes back in (from a callback, or "
                + "from another thread) waits for it forever",
            history: ledger)
    }

    // MARK: what the run concludes

    func hasFailed(_ rule: ConformanceRule) -> Bool {
        lock.withLock { found.contains { $0.rule == rule } }
    }

    var failures: [ScenarioFailure] {
        lock.withLock { found }
    }

    func wasExercised(_ rule: ConformanceRule) -> Bool {
        lock.withLock { exercised.contains(rule) }
    }

    func skipReason(_ rule: ConformanceRule) -> String? {
        lock.withLock { skipped[rule] }
    }

    func observation(_ rule: ConformanceRule) -> String? {
        lock.withLock { observed[rule] }
    }
}
