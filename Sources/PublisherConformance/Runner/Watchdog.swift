import Foundation

/// Runs one rule on a thread of its own and calls it deadlocked when its heartbeat stops,
/// so a component that deadlocks fails that rule, named, instead of hanging the test run
/// until the workbook's timeout kills it without a word.
///
/// Silence, not total time, is what counts: a loaded machine (or ThreadSanitizer) makes a
/// rule slow but keeps it beating, while a deadlocked one is silent. The stuck thread is
/// left behind, since a thread cannot be stopped from outside; the next rule starts fresh.
enum Watchdog {
    /// How long a rule may go without a sign of life before it counts as deadlocked: well
    /// inside the 30 s the workbook gives one test, and far longer than any scenario goes
    /// between two signals, even on a loaded two-core machine.
    static let quietPeriod: Double = 5

    /// Runs `check`, the scenarios of `rule`, on findings of their own, and records a
    /// deadlock if they went silent.
    static func run(
        _ rule: ConformanceRule, of subject: String, _ check: @escaping (Findings) -> Void
    ) -> Findings {
        let findings = Findings(subject: subject, rule: rule)
        let body = Unchecked(value: { check(findings) })
        if !returns(watching: findings.heartbeat, { body.value() }) {
            findings.deadlocked()
        }
        return findings
    }

    /// Runs `body` and returns `true` when it returned, `false` when `heartbeat` stayed
    /// silent for ``quietPeriod`` seconds first.
    static func returns(watching heartbeat: Heartbeat, _ body: @escaping @Sendable () -> Void)
        -> Bool
    {
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            body()
            done.signal()
        }
        // Re-entrant scenarios nest calls deeply (a chain of 51 sends from inside a sink).
        thread.stackSize = 8 << 20
        thread.start()
        var lastCount = heartbeat.count
        var lastChange = Date()
        while done.wait(timeout: .now() + 0.1) == .timedOut {
            let count = heartbeat.count
            if count != lastCount {
                lastCount = count
                lastChange = Date()
            } else if Date().timeIntervalSince(lastChange) >= quietPeriod {
                return false
            }
        }
        return true
    }
}
