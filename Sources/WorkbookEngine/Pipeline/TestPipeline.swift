import Foundation
import WorkbookContract

/// The one way the workbook's tests run, from Markdown to report:
///
/// 1. **select** the chapters asked for (``ChapterSelection``), having loaded and
///    validated every chapter (``WorkbookLoader``);
/// 2. **generate** the test files (``WorkbookGenerator``);
/// 3. **build** the chapters asked for, alone, leaving out those that do not compile
///    (``ChapterIsolation`` over a ``BuildTool``);
/// 4. **run** each declared test in a process of its own (``TestRunner`` over a
///    ``TestLauncher``);
/// 5. **interpret** how each process ended (``TestRunInterpreter``);
/// 6. **report**: chapter reports, the JUnit file (``JUnitReport``) and, with `--update`,
///    the rewritten output blocks (``OutputUpdate/Session``), regenerated at once.
///
/// The build tool and the launcher are protocols, so the whole pipeline runs in-process
/// with fakes in its unit tests. The commands reach it through ``Workbook`` (`test`,
/// `watch`, `progress`, `site --run`), which makes the live pipeline and calls ``run(_:)``.
struct TestPipeline {
    /// The workbook root.
    let root: URL
    /// What compiles the workbook.
    var buildTool: any BuildTool
    /// What starts each test.
    var launcher: any TestLauncher
    /// Where lines shown during the run go (what `--mine` runs against, before the build);
    /// nowhere unless the command says.
    var log: (String) -> Void = { _ in }

    /// A pipeline over `buildTool` and `launcher` for the workbook at `root`.
    init(root: URL, buildTool: any BuildTool, launcher: any TestLauncher) {
        self.root = root
        self.buildTool = buildTool
        self.launcher = launcher
    }

    /// The pipeline with `swift build` and child processes: what the commands use. With
    /// `echoBuild` the compiler's output is shown as it comes; `log` gets the lines shown
    /// before the build.
    static func live(
        root: URL, scratchPath: String? = nil, echoBuild: Bool = true,
        log: @escaping (String) -> Void = { _ in }
    ) throws(TestPipelineError) -> TestPipeline {
        let launcher: ChildProcessLauncher
        do {
            launcher = try ChildProcessLauncher()
        } catch {
            throw .cannotRun("\(error)")
        }
        var pipeline = TestPipeline(
            root: root,
            buildTool: SwiftBuild(root: root, scratchPath: scratchPath, echo: echoBuild),
            launcher: launcher)
        pipeline.log = log
        return pipeline
    }

    /// Runs `request` through every stage. With `--junit` the report is written whatever
    /// happens: when the run stops early, it says why.
    func run(_ request: TestRequest) throws(TestPipelineError) -> TestRun {
        // The last run's results, read once: they order this run's tests, and this run's
        // results are recorded into them (read again only if another run wrote them since).
        let previous = RecordedResults.read(root: root)
        do {
            var run = try runStages(request, previous: previous)
            run.recorded = recordForSite(run, request, over: previous)
            return run
        } catch {
            if let junit = request.junit {
                try? AtomicFile.write(
                    Data(JUnitReport.render(stoppedBy: error.kind, details: error.details).utf8),
                    to: junit)
            }
            throw error
        }
    }

    /// Keeps the run's results for `workbook site` (``RecordedResults``); a run against the
    /// reader's workbench is not the library's and is not kept, and one that built nothing
    /// (every chapter asked for is invalid, so edited since its last run, as its digest
    /// shows) leaves the results, and the build folder, as they were. Returns what it wrote.
    private func recordForSite(
        _ run: TestRun, _ request: TestRequest, over previous: RecordedResults.Reading
    ) -> RecordedResults? {
        guard !request.mine, run.reports.contains(where: { !$0.isInvalid }) else { return nil }
        do {
            return try RecordedResults.record(run.reports, root: root, over: previous)
        } catch {
            log("warning: cannot record the results for workbook site: \(error)")
            return nil
        }
    }

    /// The stages, in order, each a method of its own below; `previous` is the last run's
    /// results.
    private func runStages(_ request: TestRequest, previous: RecordedResults.Reading)
        throws(TestPipelineError) -> TestRun
    {
        let workbook = try load(selecting: request.chapters)
        let lineMaps = try generate(workbook)
        let update = beginUpdate(request, of: workbook)
        let workbench =
            request.mine ? try prepareWorkbench(for: workbook.chosen, read: request.workbench) : nil
        let broken = try build(workbook, lineMaps: lineMaps, workbench: workbench)
        let jobs = workbook.chosen.filter { broken[$0.file] == nil }.flatMap { chapter in
            chapter.tests.map { Job(file: chapter.file, test: $0) }
        }
        let (results, checks) = try runTests(
            jobs, request,
            lastTimes: previous.results.durations(on: RecordedResults.currentImplementation))
        var run = TestRun(
            reports: Self.reports(workbook, broken: broken, jobs: jobs, results: results),
            outputChecks: checks)
        try writeJUnit(run.reports, to: request.junit)
        if workbook.invalid.isEmpty { run.chapters = workbook.all }
        if let update {
            run.update = regenerate(workbook, after: update.apply(checks))
            if run.update?.rewritten.isEmpty == false { run.chapters = nil }
        }
        return run
    }

    /// The workbook as loaded for a run, and the chapters asked for.
    private struct SelectedWorkbook {
        /// Every valid chapter.
        let all: [Chapter]
        /// The chapters that are not valid, with their problems and the digest of the bytes
        /// read.
        let invalid: [ChapterFile: (problems: [Diagnostic], digest: String)]
        /// The chapters asked for, valid or not.
        let selected: [ChapterFile]
        /// The valid chapters asked for: what is built and run.
        var chosen: [Chapter] { all.filter { selected.contains($0.file) } }
    }

    /// One declared test to run.
    private struct Job {
        let file: ChapterFile
        let test: ChapterTest
    }

    /// Loads and validates every chapter and selects those asked for. An invalid chapter
    /// stops only itself, as one that does not compile does; a problem of the workbook as a
    /// whole stops the run.
    private func load(selecting selectors: [String]) throws(TestPipelineError)
        -> SelectedWorkbook
    {
        let loaded = WorkbookLoader(root: root).load()
        guard loaded.problems.isEmpty else { throw .invalid(loaded.problems) }
        let invalid = Dictionary(
            loaded.invalid.map { ($0.file, ($0.problems, $0.digest)) },
            uniquingKeysWith: { first, _ in first })
        do {
            let selected = try ChapterSelection.select(
                selectors, from: (loaded.chapters.map(\.file) + invalid.keys).sorted())
            return SelectedWorkbook(all: loaded.chapters, invalid: invalid, selected: selected)
        } catch {
            throw .unknownChapter(error)
        }
    }

    /// Writes the generated files of every valid chapter and returns their line maps.
    private func generate(_ workbook: SelectedWorkbook) throws(TestPipelineError)
        -> [ChapterFile: LineMap]
    {
        do {
            return try WorkbookGenerator(root: root)
                .generate(workbook.all, leavingAlone: Array(workbook.invalid.keys))
                .compactMapValues(\.lineMap)
        } catch {
            throw Self.failure(error)
        }
    }

    /// With `--update`, the update of the chapters as loaded (``OutputUpdate/Session``).
    private func beginUpdate(_ request: TestRequest, of workbook: SelectedWorkbook)
        -> OutputUpdate.Session?
    {
        request.update ? OutputUpdate.Session(root: root, chapters: workbook.all) : nil
    }

    /// Builds the chosen chapters, leaving out those that do not compile (returned with
    /// their errors). Nothing is built when every chapter asked for is invalid.
    private func build(
        _ workbook: SelectedWorkbook, lineMaps: [ChapterFile: LineMap],
        workbench: WorkbenchReading?
    ) throws(TestPipelineError) -> [ChapterFile: [String]] {
        guard !workbook.chosen.isEmpty else { return [:] }
        let mine = workbench != nil
        do {
            return try ChapterIsolation(tool: buildTool).build(
                workbook.all.map(\.file), selected: workbook.selected, lineMaps: lineMaps,
                mine: mine, parked: workbench?.parked ?? [], invalid: workbook.invalid.keys.sorted()
            )
        } catch let failure as BuildFailure {
            throw .buildFailed(failure, mine: mine)
        } catch {
            throw .cannotRun("\(error)")
        }
    }

    /// Runs each job in a process of its own and interprets how each ended; returns the
    /// results, in the order of `jobs`, and every output check the examples made. What the
    /// processes record goes to a folder of this run's own, removed afterwards: the output
    /// checks they all append to, and each process's result record. `lastTimes` are the
    /// seconds each test took last time (``RecordedResults/durations(on:)``), by chapter
    /// path and test name.
    private func runTests(
        _ jobs: [Job], _ request: TestRequest, lastTimes: [String: [String: Double]]
    ) throws(TestPipelineError) -> (results: [TestResult], checks: [OutputCheckRecord]) {
        guard !jobs.isEmpty else { return ([], []) }
        let bundle: URL
        do {
            bundle = try buildTool.testBundle()
        } catch {
            throw .cannotRun("\(error)")
        }
        let records = FileManager.default.temporaryDirectory
            .appendingPathComponent("workbook-run-\(UUID().uuidString)")
        do {
            try FileManager.default.createDirectory(
                at: records, withIntermediateDirectories: true)
        } catch {
            throw .cannotRun("cannot create \(records.path): \(error)")
        }
        defer { try? FileManager.default.removeItem(at: records) }
        let outputChecks = records.appendingPathComponent("output-checks.jsonl")
        let resultFiles = jobs.indices.map {
            records.appendingPathComponent("result-\($0).jsonl")
        }
        let processes = TestRunner(launcher: launcher).run(
            jobs.enumerated().map { index, job in
                TestInvocation(
                    bundle: bundle,
                    identifier: ChapterNaming.testIdentifier(
                        module: job.file.moduleName, test: job.test.name),
                    environment: Self.testEnvironment(
                        outputChecks: outputChecks, result: resultFiles[index],
                        verbose: request.verbose),
                    timeout: request.timeout)
            }, expected: jobs.map { lastTimes[$0.file.relativePath]?[$0.test.name] })
        let results = jobs.enumerated().map { index, job in
            TestRunInterpreter.interpret(
                processes[index],
                records: TestEventRecord.decodeLines(
                    (try? Data(contentsOf: resultFiles[index])) ?? Data()),
                test: job.test, file: job.file)
        }
        let checks = OutputCheckRecord.decodeLines(
            (try? String(contentsOf: outputChecks, encoding: .utf8)) ?? "")
        return (results, checks)
    }

    /// One report per chapter asked for, in chapter order: the invalid ones, the ones that
    /// did not compile, and the results of the others.
    private static func reports(
        _ workbook: SelectedWorkbook, broken: [ChapterFile: [String]], jobs: [Job],
        results: [TestResult]
    ) -> [ChapterReport] {
        var reports: [ChapterReport] = []
        for (file, invalid) in workbook.invalid where workbook.selected.contains(file) {
            reports.append(
                report(invalid: file, problems: invalid.problems, digest: invalid.digest))
        }
        for chapter in workbook.chosen {
            var report = ChapterReport(file: chapter.file, declared: chapter.tests)
            report.digest = chapter.digest
            if let errors = broken[chapter.file] {
                report.notRunReason = "does not compile (\(errors.count) error(s))"
                report.buildErrors = errors
            }
            for (index, job) in jobs.enumerated() where job.file == chapter.file {
                report.results.append(results[index])
            }
            reports.append(report)
        }
        return reports.sorted { $0.file < $1.file }
    }

    /// With `--junit`, writes the report there.
    private func writeJUnit(_ reports: [ChapterReport], to junit: URL?)
        throws(TestPipelineError)
    {
        guard let junit else { return }
        do {
            try AtomicFile.write(Data(JUnitReport.render(reports).utf8), to: junit)
        } catch {
            throw .cannotRun("cannot write \(junit.path): \(error)")
        }
    }

    /// Regenerates what `--update` made stale: the rewritten chapters' test files hold
    /// their blocks' old text and their marble pictures the old diagrams, so `check` would
    /// fail until someone ran `generate`. The other chapters are generated from the model,
    /// the rewritten ones from the text just written, parsed in memory: no chapter is read
    /// back from disk. The generator still compares its files with those on disk, as
    /// `generate` does (to write only what changed, and never over a file it did not
    /// generate), and a rewritten chapter's excerpts are checked against the library's
    /// sources afresh. What cannot be regenerated is added to what the update refused, so
    /// the command fails while the run's results and JUnit report stand.
    private func regenerate(
        _ workbook: SelectedWorkbook, after outcome: OutputUpdate.Session.Outcome
    ) -> OutputUpdate.Session.Outcome {
        guard !outcome.rewritten.isEmpty else { return outcome }
        var outcome = outcome
        let written = Dictionary(
            outcome.rewritten.map { ($0.chapter, $0.text) }, uniquingKeysWith: { first, _ in first }
        )
        let loader = WorkbookLoader(root: root)
        var chapters: [Chapter] = []
        var invalid = Array(workbook.invalid.keys)
        for chapter in workbook.all {
            guard let text = written[chapter.file.relativePath] else {
                chapters.append(chapter)
                continue
            }
            do {
                chapters.append(try loader.validated(chapter.file, data: Data(text.utf8)))
            } catch {
                outcome.refused += error.diagnostics
                invalid.append(chapter.file)
            }
        }
        do {
            try WorkbookGenerator(root: root).generate(chapters, leavingAlone: invalid)
        } catch let list as DiagnosticList {
            outcome.refused += list.diagnostics
        } catch {
            outcome.refused += outcome.rewritten.map {
                Diagnostic(
                    file: $0.chapter, line: 1,
                    message:
                        "rewritten, but its test file could not be generated again (\(error)); "
                        + "run `swift run workbook generate`")
            }
        }
        return outcome
    }

    /// What every test process gets on top of the runner's environment: where to record
    /// its output checks and XCTest's result for its test (a file of its own), and the
    /// runtime's backtracer forced on, so a crash names its chapter line (through `#sourceLocation`). macOS enables the backtracer by default
    /// only on a terminal; where it cannot run (macOS refuses it for privileged
    /// executables, with a warning suppressed here) the crash is reported at the test's
    /// line instead. With `verbose`, ``WorkbookEnvironment/verbose`` asks the test code
    /// (the conformance kit) to say more.
    static func testEnvironment(outputChecks: URL, result: URL, verbose: Bool) -> [String: String] {
        var environment = [
            WorkbookEnvironment.outputChecks: outputChecks.path,
            WorkbookEnvironment.testResult: result.path,
            "SWIFT_BACKTRACE":
                "enable=yes,interactive=no,color=no,threads=crashed,registers=none,images=none,sanitize=no,symbolicate=fast,warnings=suppressed",
        ]
        if verbose { environment[WorkbookEnvironment.verbose] = "1" }
        return environment
    }

    /// The report of a chapter that is not valid: its problems at their lines, and one
    /// test in error standing for the chapter's, which could not be read.
    private static func report(invalid file: ChapterFile, problems: [Diagnostic], digest: String)
        -> ChapterReport
    {
        var report = ChapterReport(
            file: file, declared: [ChapterTest(name: "chapter", line: problems.first?.line ?? 1)])
        report.digest = digest
        report.notRunReason = "is not valid (\(problems.count) error(s))"
        report.isInvalid = true
        report.buildErrors = problems.map(\.description)
        return report
    }

    /// A stage's error: problems located in files, or one that is not.
    private static func failure(_ error: any Error) -> TestPipelineError {
        if let list = error as? DiagnosticList { return .invalid(list.diagnostics) }
        return .cannotRun("\(error)")
    }

    /// Checks the workbench for `--mine` and says what the run is against: the workbench as
    /// `read` by the command, if it was, else as read now. Returns that reading, which the
    /// build is given (its parked folders) rather than looking again.
    private func prepareWorkbench(for selected: [Chapter], read: WorkbenchReading?)
        throws(TestPipelineError) -> WorkbenchReading
    {
        let workbench = Workbench(root: root)
        do {
            try workbench.prepareForMine()
        } catch let error as WorkbenchError {
            throw .noWorkbench(error)
        } catch {
            throw Self.failure(error)
        }
        let reading: WorkbenchReading
        if let read {
            reading = read
        } else {
            do {
                reading = WorkbenchReading(
                    exercises: try ExerciseCatalog.load(root: root), workbench: workbench)
            } catch {
                throw .invalid(error.diagnostics)
            }
        }
        for line in WorkbenchSummary.lines(for: selected, reading: reading, workbench: workbench) {
            log(line)
        }
        return reading
    }
}
