import Foundation
import WorkbookContract

/// The last run's results, kept in `.build/workbook-results.json` for `workbook site`: each
/// chapter as it was when its tests last ran on each implementation, so a site never shows a
/// verdict the tests did not reach. A run of some chapters replaces those on the
/// implementation that ran and keeps the others; a chapter edited since its run is known by
/// its digest.
package struct RecordedResults: Codable, Equatable, Sendable {
    /// Where the file is, relative to the workbook root.
    package static let path = ".build/workbook-results.json"

    /// The chapters that ran, in chapter order.
    package var chapters: [RecordedChapter] = []

    /// The results at `root`; none when there is no file. A file that cannot be read is an
    /// error, never "no results".
    static func load(root: URL) throws -> RecordedResults {
        try load(from: root.appendingPathComponent(path))
    }

    /// The results in `file`; none when it does not exist.
    package static func load(from file: URL) throws -> RecordedResults {
        guard FileManager.default.fileExists(atPath: file.path) else { return RecordedResults() }
        return try JSONDecoder().decode(RecordedResults.self, from: Data(contentsOf: file))
    }

    /// The results file as a run read it when it started: what it held (none when there was
    /// no file or it could not be read) and when it was last written then. The run orders
    /// its tests by it and records its own results into it, so the file is read once a run.
    struct Reading: Sendable {
        /// What the file held.
        let results: RecordedResults
        /// When it was last written, `nil` when there was none.
        let modified: Date?
    }

    /// Reads the results at `root` for a run (``Reading``).
    static func read(root: URL) -> Reading {
        let file = root.appendingPathComponent(path)
        // The date first: a write between the two makes the date older than the text,
        // which only costs a second reading when the run records.
        let modified = modificationDate(of: file)
        return Reading(results: (try? load(from: file)) ?? RecordedResults(), modified: modified)
    }

    /// When `file` was last written; `nil` when it does not exist.
    private static func modificationDate(of file: URL) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: file.path))?[.modificationDate]
            as? Date
    }

    /// Adds a run's `reports` (at `root`, on the implementation the tests ran on) to the
    /// results there, replacing the chapters it ran, and writes the file atomically; returns
    /// what it wrote, so that the site of this run is built from memory, not read back. Each
    /// chapter is kept with its report's digest, of the text the run read: the chapter on
    /// disk now may be another (saved during the run, or rewritten by `--update`).
    ///
    /// The results there are `reading`, what the run read when it started, unless the file
    /// was written since (by another run in the same folder, whose results are kept): then,
    /// or without a reading, the file is read now.
    @discardableResult
    static func record(
        _ reports: [ChapterReport], root: URL, over reading: Reading? = nil, at date: Date = Date()
    ) throws -> RecordedResults {
        let file = root.appendingPathComponent(path)
        var results: RecordedResults
        if let reading, reading.modified == modificationDate(of: file) {
            results = reading.results
        } else {
            results = (try? load(from: file)) ?? RecordedResults()
        }
        let implementation = currentImplementation
        let ran = Set(reports.map(\.file.number))
        results.chapters.removeAll {
            ran.contains($0.number) && $0.implementation == implementation
        }
        results.chapters += reports.map {
            RecordedChapter(
                $0, digest: $0.digest, implementation: implementation,
                finished: date.ISO8601Format())
        }
        results.chapters.sort { ($0.number, $0.implementation) < ($1.number, $1.implementation) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try AtomicFile.write(encoder.encode(results), to: file)
        return results
    }

    /// The seconds each test took when it last ran on `implementation`, by chapter path and
    /// test name: the order the runner starts the next run's tests in (``TestRunner``). A test
    /// that did not run has no time.
    func durations(on implementation: String) -> [String: [String: Double]] {
        chapters.filter { $0.implementation == implementation }.reduce(into: [:]) {
            durations, chapter in
            for test in chapter.tests where test.outcome != TestOutcome.notRun(reason: "").name {
                durations[chapter.file, default: [:]][test.name] = test.duration
            }
        }
    }

    /// The implementation the tests run on, decided as the runtime decides it.
    static var currentImplementation: String {
        if ProcessInfo.processInfo.environment[WorkbookEnvironment.combine] == "other" {
            return "other"
        }
        #if canImport(Combine)
        return "apple"
        #else
        return "opencombine"
        #endif
    }
}

/// One chapter's part of ``RecordedResults``.
package struct RecordedChapter: Codable, Equatable, Sendable {
    /// The chapter's number, e.g. `"03"`.
    package var number: String
    /// Its path, `Chapters/03-custom-subject.md`.
    var file: String
    /// ``ChapterDigest`` of the chapter's text the run tested.
    package var digest: String
    /// The implementation it ran on (`opencombine`, `apple`, `other`).
    package var implementation: String
    /// When the run ended, ISO 8601.
    package var finished: String
    /// Why none of its tests ran (it does not compile, it is not valid), if so.
    package var notRunReason: String?
    /// The compiler's errors or the chapter's problems, then.
    package var buildErrors: [String] = []
    /// Each declared test, in declaration order; `outcome` is `notRun` for one that did not.
    package var tests: [RecordedTest]

    /// The record of `report`.
    init(_ report: ChapterReport, digest: String, implementation: String, finished: String) {
        number = report.file.number
        file = report.file.relativePath
        self.digest = digest
        self.implementation = implementation
        self.finished = finished
        notRunReason = report.notRunReason
        buildErrors = report.buildErrors
        tests = report.declared.map { test in
            guard let result = report.result(of: test.name) else {
                return RecordedTest(
                    name: test.name, line: test.line, outcome: "notRun",
                    reason: report.notRunReason ?? "not run")
            }
            var reason: String?
            if case .skipped(let why) = result.outcome { reason = why }
            if case .notRun(let why) = result.outcome { reason = why }
            return RecordedTest(
                name: test.name, line: test.line, outcome: result.outcome.name, reason: reason,
                failures: result.failures.map {
                    RecordedTest.Failure(file: $0.file, line: $0.line, message: $0.message)
                },
                observations: result.observations.map(\.record),
                duration: result.duration)
        }
    }
}

/// One declared test's part of a ``RecordedChapter``.
package struct RecordedTest: Codable, Equatable, Sendable {
    /// A failure at its Markdown line.
    package struct Failure: Codable, Equatable, Sendable {
        /// The file (a chapter path through `#sourceLocation`).
        package var file: String
        /// The line.
        package var line: Int
        /// What went wrong.
        package var message: String
    }
    /// The test method.
    package var name: String
    /// The Markdown line of its declaration.
    var line: Int
    /// ``TestOutcome/name``: `passed`, `observed`, `failed`, `skipped`, `crashed`,
    /// `timedOut`, `notRun`.
    package var outcome: String
    /// Why it was skipped or not run.
    var reason: String?
    /// Its failures.
    package var failures: [Failure] = []
    /// What it observed, as the test process recorded it.
    package var observations: [ObservationRecord] = []
    /// Its process's wall time, in seconds.
    package var duration: Double = 0
}
