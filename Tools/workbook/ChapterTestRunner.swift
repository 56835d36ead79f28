import ChildProcesses
import Foundation
import WorkbookEngine

/// Runs every declared test of the chosen chapters, each in a process of its own started
/// from the built test bundle (on Linux the bundle is the executable; on macOS Xcode's
/// `xctest` loads it: see ``XCTestInvocation``), two at a time (one per core), so a crash
/// or a hang costs only that test.
struct ChapterTestRunner {
    /// What a run produced.
    struct Run {
        var reports: [ChapterReport]
        /// Every output check the examples made, for `--update` and mismatch reports.
        var observations: [OutputObservation]
    }

    let bundle: URL
    let timeout: Double
    let verbose: Bool
    /// Xcode's `xctest` tool, which runs a bundle on macOS (unused on Linux).
    var xctest = "xctest"

    /// Runs `chapters`' tests; `broken` chapters (with their compiler errors) are reported
    /// as not run.
    func run(_ chapters: [Chapter], broken: [ChapterFile: [String]]) throws -> Run {
        let observationsPath = FileManager.default.temporaryDirectory
            .appendingPathComponent("workbook-observations-\(UUID().uuidString).jsonl")
        defer { try? FileManager.default.removeItem(at: observationsPath) }
        var inherited = ProcessInfo.processInfo.environment
        inherited["WORKBOOK_OBSERVATIONS"] = observationsPath.path
        // The runtime's backtracer names the trapping line (through #sourceLocation, the
        // chapter's). It is forced on: macOS enables it by default only on a terminal. Where
        // it cannot run (macOS refuses it for privileged executables, with a warning that
        // is suppressed here) the crash is reported at the test's line instead.
        inherited["SWIFT_BACKTRACE"] =
            "enable=yes,interactive=no,color=no,threads=crashed,registers=none,images=none,sanitize=no,symbolicate=fast,warnings=suppressed"
        let environment = inherited

        let jobs = chapters.filter { broken[$0.file] == nil }.flatMap { chapter in
            chapter.testNames.map { (chapter: chapter, test: $0) }
        }
        let results = ResultSlots(count: jobs.count)
        DispatchQueue.concurrentPerform(iterations: jobs.count) { index in
            let job = jobs[index]
            let filter = "\(job.chapter.file.moduleName).\(job.chapter.file.moduleName)/\(job.test)"
            let termination: ChildProcess.Termination
            do {
                termination = try ChildProcess.run(
                    XCTestInvocation.arguments(bundle: bundle.path, test: filter, xctest: xctest),
                    environment: environment, timeout: timeout, groups: .shared)
            } catch {
                termination = .init(
                    output: "cannot start \(bundle.path): \(error)", exitStatus: nil,
                    signal: nil, timedOut: false)
            }
            results.set(index, termination)
        }

        var reports: [ChapterReport] = []
        for chapter in chapters {
            var report = ChapterReport(file: chapter.file, declared: chapter.testNames)
            for test in chapter.testNames {
                report.lines[test] = Self.line(of: test, in: chapter)
            }
            if let errors = broken[chapter.file] {
                report.notRunReason = "does not compile (\(errors.count) error(s))"
                report.buildErrors = errors
                reports.append(report)
                continue
            }
            for (index, job) in jobs.enumerated() where job.chapter.file == chapter.file {
                let termination = results.get(index)
                if verbose { print(termination.output) }
                let (outcome, failures, observations) = TestRunInterpreter.interpret(
                    TestProcessResult(
                        output: termination.output, exitStatus: termination.exitStatus,
                        signal: termination.signal, timedOut: termination.timedOut,
                        timeout: timeout),
                    test: job.test, file: chapter.file,
                    line: report.lines[job.test] ?? 1)
                report.results.append(.init(name: job.test, outcome: outcome))
                report.failures += failures
                report.observations += observations
            }
            reports.append(report)
        }
        let recorded = (try? String(contentsOf: observationsPath, encoding: .utf8)) ?? ""
        return Run(reports: reports, observations: OutputObservation.decodeLines(recorded))
    }

    /// The Markdown line of `test`'s declaration: its `func` line, or the example's first line.
    static func line(of test: String, in chapter: Chapter) -> Int {
        for unit in chapter.units where unit.testNames.contains(test) {
            for part in unit.parts {
                for (offset, line) in part.code.split(
                    separator: "\n", omittingEmptySubsequences: false
                )
                .enumerated() where line.contains("func \(test)(") {
                    return part.codeLine + offset
                }
            }
            return unit.parts.first?.codeLine ?? 1
        }
        return 1
    }
}

/// The terminations of concurrently run tests, by job index.
private final class ResultSlots: @unchecked Sendable {
    private var slots: [ChildProcess.Termination?]
    private let lock = NSLock()

    init(count: Int) {
        slots = Array(repeating: nil, count: count)
    }

    func set(_ index: Int, _ value: ChildProcess.Termination) {
        lock.withLock { slots[index] = value }
    }

    func get(_ index: Int) -> ChildProcess.Termination {
        lock.withLock { slots[index]! }
    }
}
