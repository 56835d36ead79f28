/// One declared test as it ran: its outcome, its failures and observations located in the
/// Markdown, what its process printed and how long it took.
package struct TestResult: Equatable, Sendable {
    /// The test, with its declaration's Markdown line.
    let test: ChapterTest
    /// How it ended.
    var outcome: TestOutcome
    /// Its failures; empty unless the outcome is not a success.
    var failures: [ChapterFailure] = []
    /// What it observed on an implementation with no recording.
    var observations: [BehaviorObservation] = []
    /// What its process printed (XCTest's lines included), read once.
    package var output = TestOutput("")
    /// The wall time of its process, in seconds.
    var duration: Double = 0

    /// A result of `test`.
    init(
        test: ChapterTest, outcome: TestOutcome, failures: [ChapterFailure] = [],
        observations: [BehaviorObservation] = [], output: TestOutput = TestOutput(""),
        duration: Double = 0
    ) {
        self.test = test
        self.outcome = outcome
        self.failures = failures
        self.observations = observations
        self.output = output
        self.duration = duration
    }

    /// The test method's name.
    var name: String { test.name }
}
