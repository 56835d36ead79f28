/// How one declared test ended when run in a process of its own.
enum TestOutcome: Equatable, Sendable {
    /// Every assertion held.
    case passed
    /// Every assertion held, and a behaviour with no recording for the running
    /// implementation was observed (see ``BehaviorObservation``): reported in a column of
    /// its own, and the run still succeeds.
    case observed
    /// An assertion failed; the failures are in the result.
    case failed
    /// The test threw `XCTSkip`; the reason is kept.
    case skipped(reason: String)
    /// The process died in the test (a trap, a signal).
    case crashed
    /// The test ran past the time limit and its process group was killed.
    case timedOut
    /// XCTest never ran it although the chapter declares it.
    case notRun(reason: String)

    /// Whether the outcome lets the run succeed.
    var isSuccess: Bool {
        switch self {
        case .passed, .observed, .skipped: return true
        case .failed, .crashed, .timedOut, .notRun: return false
        }
    }

    /// Whether the test could not be judged on its assertions (JUnit's `error`, not
    /// `failure`): it crashed, ran out of time or never ran.
    var isError: Bool {
        switch self {
        case .crashed, .timedOut, .notRun: return true
        case .passed, .observed, .failed, .skipped: return false
        }
    }

    /// A word for reports and JUnit's `type`: `passed`, `crashed`, `timedOut`…
    var name: String {
        switch self {
        case .passed: "passed"
        case .observed: "observed"
        case .failed: "failed"
        case .skipped: "skipped"
        case .crashed: "crashed"
        case .timedOut: "timedOut"
        case .notRun: "notRun"
        }
    }
}
