/// The outcome of one chapter: each declared test's result, or why none ran.
package struct ChapterReport: Equatable, Sendable {
    /// The chapter.
    let file: ChapterFile
    /// The tests the chapter declares, in document order, with their Markdown lines.
    let declared: [ChapterTest]
    /// The results of the tests that were run, in declaration order.
    package var results: [TestResult] = []
    /// Why no test of the chapter ran (it does not compile, or is not valid), if so.
    var notRunReason: String?
    /// The compiler's errors, as `Chapters/NN-name.md:LINE:COL: error: …`, or the
    /// chapter's problems when it is not valid.
    var buildErrors: [String] = []
    /// Whether the chapter could not even be read (``buildErrors`` are its problems, not
    /// the compiler's).
    var isInvalid = false
    /// ``ChapterDigest`` of the chapter's bytes as the run read them: what its results are
    /// recorded with (``RecordedResults``), so they never describe a text saved since.
    var digest = ""

    /// An empty report for `file`, which declares `declared`.
    init(file: ChapterFile, declared: [ChapterTest]) {
        self.file = file
        self.declared = declared
    }

    /// The failures, located in the Markdown, in declaration order.
    var failures: [ChapterFailure] { results.flatMap(\.failures) }
    /// What was observed on an implementation with no recording, located in the Markdown.
    var observations: [BehaviorObservation] { results.flatMap(\.observations) }

    /// The result of the test named `name`, if it ran.
    func result(of name: String) -> TestResult? {
        results.first { $0.name == name }
    }

    /// How many tests passed.
    var passedCount: Int { results.count { $0.outcome == .passed } }
    /// How many tests were skipped.
    var skippedCount: Int {
        results.count { if case .skipped = $0.outcome { true } else { false } }
    }
    /// How many tests passed with an observation (and no failure).
    var observedCount: Int { results.count { $0.outcome == .observed } }
    /// How many declared tests did not pass, observe or skip: failed, crashed, timed out or
    /// never run.
    var failedCount: Int { declared.count - passedCount - observedCount - skippedCount }
    /// How many of those could not be judged on their assertions (crashed, timed out, never
    /// run, or the chapter did not compile): JUnit's errors.
    var errorCount: Int {
        notRunReason != nil ? declared.count : results.count { $0.outcome.isError }
    }
    /// How many failed an assertion: JUnit's failures.
    var assertionFailureCount: Int { failedCount - errorCount }
    /// The wall time of the chapter's test processes, in seconds.
    var duration: Double { results.map(\.duration).reduce(0, +) }
    /// Whether every declared test passed, observed or was skipped.
    var succeeded: Bool { notRunReason == nil && failedCount == 0 }
}
