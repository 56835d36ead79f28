/// The outcome of one chapter: each declared test's outcome, or why none ran.
public struct ChapterReport: Equatable, Sendable {
    /// One declared test and how it ended.
    public struct Result: Equatable, Sendable {
        /// The test method.
        public let name: String
        /// How it ended.
        public let outcome: TestOutcome

        /// Creates a result.
        public init(name: String, outcome: TestOutcome) {
            self.name = name
            self.outcome = outcome
        }
    }

    /// The chapter.
    public let file: ChapterFile
    /// The tests the chapter declares, in document order.
    public let declared: [String]
    /// The Markdown line each declared test starts at.
    public var lines: [String: Int] = [:]
    /// The outcomes of the tests that were run.
    public var results: [Result] = []
    /// The failures, located in the Markdown.
    public var failures: [TestFailure] = []
    /// What was observed on an implementation with no recording, located in the Markdown.
    public var observations: [BehaviorObservation] = []
    /// Why no test of the chapter ran (it does not compile), if so.
    public var notRunReason: String?
    /// The compiler's errors, as `Chapters/NN-name.md:LINE:COL: error: …`.
    public var buildErrors: [String] = []

    /// An empty report for `file`, which declares `declared`.
    public init(file: ChapterFile, declared: [String]) {
        self.file = file
        self.declared = declared
    }

    /// How many tests passed.
    public var passedCount: Int { results.count { $0.outcome == .passed } }
    /// How many tests were skipped.
    public var skippedCount: Int {
        results.count { if case .skipped = $0.outcome { true } else { false } }
    }
    /// How many tests passed with an observation (and no failure).
    public var observedCount: Int { results.count { $0.outcome == .observed } }
    /// How many declared tests did not pass, observe or skip: failed, crashed, timed out or
    /// never run.
    public var failedCount: Int { declared.count - passedCount - observedCount - skippedCount }
    /// Whether every declared test passed, observed or was skipped.
    public var succeeded: Bool { notRunReason == nil && failedCount == 0 }
}
