import WorkbookEngine

/// A chapter's last run on one implementation, as the site shows it: the recorded results,
/// and whether the chapter was edited since (then none of them is shown as a verdict).
struct ChapterRun {
    /// What the run recorded.
    let record: RecordedChapter
    /// Whether the chapter's text differs from the one that ran.
    let isStale: Bool

    /// The implementation, as a reader knows it.
    var implementation: String { Self.label(record.implementation) }

    /// When the run ended, `2026-11-26 18:02 UTC`.
    var finished: String {
        let text = record.finished
        guard text.count >= 16, text.hasSuffix("Z") else { return text }
        return text.prefix(10) + " " + text.dropFirst(11).prefix(5) + " UTC"
    }

    /// The runs of `chapter` in `results`, in a fixed order of implementations; the chapter's
    /// current digest decides which are stale.
    static func runs(of number: String, digest: String, in results: RecordedResults) -> [ChapterRun]
    {
        results.chapters.filter { $0.number == number }
            .sorted { order($0.implementation) < order($1.implementation) }
            .map {
                // A run whose chapter could not be read then is no verdict on the chapter now.
                ChapterRun(record: $0, isStale: $0.digest.isEmpty || $0.digest != digest)
            }
    }

    /// The name a reader knows an implementation by.
    static func label(_ implementation: String) -> String {
        switch implementation {
        case "opencombine": "OpenCombine 0.14 (Linux)"
        case "apple": "Apple's Combine"
        case "other": "no recordings (WORKBOOK_COMBINE=other)"
        default: implementation
        }
    }

    private static func order(_ implementation: String) -> Int {
        ["opencombine", "apple", "other"].firstIndex(of: implementation) ?? 3
    }

    /// The counts of its tests by verdict, stale runs counting every test as not run.
    var counts: VerdictCounts {
        var counts = VerdictCounts()
        for test in record.tests {
            counts.add(isStale ? .notRun : Verdict(outcome: test.outcome))
        }
        return counts
    }
}

/// What a listing or a test shows.
enum Verdict: String, Comparable {
    case passed
    case observed
    case skipped
    case notRun = "not-run"
    case failed

    /// The verdict of a recorded outcome: a crash, a time limit and a test XCTest never ran
    /// are failures of the run, as `workbook test` counts them.
    init(outcome: String) {
        switch outcome {
        case "passed": self = .passed
        case "observed": self = .observed
        case "skipped": self = .skipped
        case "notRun": self = .notRun
        default: self = .failed
        }
    }

    /// The word on the badge.
    var word: String {
        switch self {
        case .passed: "passed"
        case .observed: "observed"
        case .skipped: "skipped"
        case .notRun: "not run"
        case .failed: "failed"
        }
    }

    /// The worst first: a listing shows the worst verdict of its tests.
    private var severity: Int {
        switch self {
        case .passed: 0
        case .skipped: 1
        case .observed: 2
        case .notRun: 3
        case .failed: 4
        }
    }

    static func < (lhs: Verdict, rhs: Verdict) -> Bool { lhs.severity < rhs.severity }
}

/// How many tests got each verdict.
struct VerdictCounts {
    var passed = 0
    var observed = 0
    var skipped = 0
    var notRun = 0
    var failed = 0

    mutating func add(_ verdict: Verdict) {
        switch verdict {
        case .passed: passed += 1
        case .observed: observed += 1
        case .skipped: skipped += 1
        case .notRun: notRun += 1
        case .failed: failed += 1
        }
    }

    /// Adds `other`'s counts.
    mutating func merge(_ other: VerdictCounts) {
        passed += other.passed
        observed += other.observed
        skipped += other.skipped
        notRun += other.notRun
        failed += other.failed
    }

    /// `12 passed, 1 failed`: the non-zero counts.
    var summary: String {
        let parts = [
            (passed, "passed"), (failed, "failed"), (observed, "observed"), (skipped, "skipped"),
            (notRun, "not run"),
        ].filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }
        return parts.isEmpty ? "no tests" : parts.joined(separator: ", ")
    }

    /// The template's view.
    var context: [String: Any] {
        [
            "passed": passed, "failed": failed, "observed": observed, "skipped": skipped,
            "notRun": notRun, "summary": summary,
        ]
    }
}
