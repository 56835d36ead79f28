import ChildProcesses
import CustomCombine
import Foundation

/// Rule 13 in a child process: `request(.none)` may trap, and a trap must not take the
/// test run down, so the test binary re-runs itself with an environment variable that
/// makes one helper test commit the violation, and the parent reads the exit status.
public enum RequestNoneProbe {
    /// Names the harness the child should violate; set only in the child.
    public static let environmentKey = "PUBLISHER_CONFORMANCE_REQUEST_NONE"
    /// Set by `Tools/sanitize.sh` for the ThreadSanitizer run, where no child is started.
    public static let threadSanitizerKey = "PUBLISHER_CONFORMANCE_TSAN"
    /// Why rule 13 is not applicable under ThreadSanitizer: its runtime aborts or hangs
    /// children forked from a busy multithreaded test process (a CHECK in its fork handler),
    /// which says nothing about the publisher. The plain and AddressSanitizer runs cover it.
    public static let threadSanitizerReason = "no child processes under ThreadSanitizer"
    /// Printed by the child just before it requests `.none`.
    public static let attemptMarker = "REQUEST-NONE-ATTEMPT"
    /// Printed by the child when the violation did not trap.
    public static let survivedMarker = "REQUEST-NONE-SURVIVED"
    /// Seconds the child may run before its process group is killed.
    static let childTimeout: Double = 60

    /// The harness name to violate when this process is the child, else `nil`.
    public static var requestedTarget: String? {
        ProcessInfo.processInfo.environment[environmentKey]
    }

    /// In the child: subscribes, requests `.none`, lets the publisher act, then requests
    /// `.max(1)`, and exits with status 0 and ``survivedMarker`` (with the number of values
    /// and of ledger violations) if nothing trapped. Ignoring the violation means exactly
    /// one value arrives: the one the later `.max(1)` asked for.
    public static func perform<Output, Failure>(on harness: PublisherHarness<Output, Failure>)
        -> Never
    {
        let instance = harness.make()
        let subscriber = RecordingSubscriber<Output, Failure>(
            label: "violator", initialDemand: nil, tag: harness.tag)
        instance.subscribe(subscriber)
        FileHandle.standardOutput.write(Data("\(attemptMarker)\n".utf8))
        subscriber.request(.none, context: "the violation")
        instance.emit?(0)
        subscriber.request(.max(1), context: "after the violation")
        instance.emit?(1)
        if case .timed(_, let interval) = harness.delivery { settle(interval * 3) }
        let line =
            "\(survivedMarker) values: \(subscriber.values.count) "
            + "violations: \(subscriber.violations.count)\n"
        FileHandle.standardOutput.write(Data(line.utf8))
        // `_exit` skips exit-time hooks: LeakSanitizer would otherwise report what the
        // interrupted test run still holds and turn a survival into a failure.
        _exit(0)
    }

    /// In the parent: runs `testIdentifier` (e.g. `Module.Class/testMethod`) of this test
    /// binary with the environment naming `target`; `trap` when the child died of a signal,
    /// `ignore` when it survived, a failure for anything else.
    public static func runChild(target: String, testIdentifier: String) -> RuleOutcome {
        if ProcessInfo.processInfo.environment[threadSanitizerKey] != nil {
            return .notApplicable(threadSanitizerReason)
        }
        var outcome = runChildOnce(target: target, testIdentifier: testIdentifier)
        // ThreadSanitizer's runtime sometimes aborts a child forked from a busy process
        // before any test code runs (a CHECK in its fork handler); only that is retried.
        for _ in 0..<4 {
            guard case .fail(let message) = outcome, message.contains("ForkChildAfter") else {
                break
            }
            outcome = runChildOnce(target: target, testIdentifier: testIdentifier)
        }
        return outcome
    }

    private static func runChildOnce(target: String, testIdentifier: String) -> RuleOutcome {
        guard let command = XCTestInvocation.rerunning(testIdentifier) else {
            return .fail("\(ConformanceRule.requestNone): cannot find the running test program")
        }
        var environment = ProcessInfo.processInfo.environment
        environment[environmentKey] = target
        // The runtime's crash backtracer outlives a trapping child while holding its output
        // open (it hung under AddressSanitizer); the trap itself is all the probe needs.
        environment["SWIFT_BACKTRACE"] = "enable=no"
        let result: ChildProcess.Termination
        do {
            // A child that neither traps nor returns (a publisher that deadlocks after the
            // violation) is a failure at the limit, not a hung test run.
            result = try ChildProcess.run(command, environment: environment, timeout: childTimeout)
        } catch {
            return .fail("\(ConformanceRule.requestNone): could not start the child: \(error)")
        }
        if result.timedOut {
            return .fail(
                "\(ConformanceRule.requestNone): the child for \(target) still ran after "
                    + "\(Int(childTimeout)) s:\n" + result.output.suffix(2_000))
        }
        let text = result.output
        let exitStatus = result.exitStatus ?? -1
        let attempted = text.contains(attemptMarker)
        let survived = text.contains(survivedMarker)
        // Under a sanitizer the trap is caught by its deadly-signal handler, which exits
        // with a status instead of dying of the signal; the runtime's "Fatal error" line
        // tells a trap from a sanitizer report.
        let abnormal = result.signal != nil || exitStatus != 0
        if attempted && !survived && abnormal && text.contains("Fatal error") {
            return .observed("trap")
        }
        if exitStatus == 0 && survived {
            if text.contains("\(survivedMarker) values: 1 violations: 0") {
                return .observed("ignore")
            }
            return .fail(
                "\(ConformanceRule.requestNone): \(target) survived request(.none) but then "
                    + "mis-delivered (expected exactly the value of the later max(1)):\n"
                    + text.suffix(2_000))
        }
        let ending = result.signal.map { "signal \($0)" } ?? "status \(exitStatus)"
        return .fail(
            "\(ConformanceRule.requestNone): child for \(target) ended with \(ending):\n"
                + text.suffix(2_000))
    }
}
