import Foundation
import WorkbookContract

/// The one way the workbook's tests run, from Markdown to report:
///
/// 1. **select** the chapters asked for (``ChapterSelection``), having loaded and
///    validated every chapter (``WorkbookLoader``);
/// 2. **generate** the test files (``WorkbookGenerator``);
/// 3. **build**, leaving out chapters that do not compile (``ChapterIsolation`` over a
///    ``BuildTool``);
/// 4. **run** each declared test in a process of its own (``TestRunner`` over a
///    ``TestLauncher``);
/// 5. **interpret** how each process ended (``TestRunInterpreter``);
/// 6. **report**: chapter reports, the JUnit file (``JUnitReport``) and, with `--update`,
///    the rewritten output blocks (``OutputUpdate/Session``).
///
/// The build tool and the launcher are protocols, so the whole pipeline runs in-process
/// with fakes in its unit tests. The commands only build a ``TestRequest``, call ``run(_:)``
/// and print the ``TestRun``.
package struct TestPipeline {
    /// The workbook root.
    package let root: URL
    /// What compiles the workbook.
    package var buildTool: any BuildTool
    /// What starts each test.
    package var launcher: any TestLauncher
    /// Where lines shown during the run go (what `--mine` runs against, before the build);
    /// nowhere unless the command says.
    package var log: (String) -> Void = { _ in }

    /// A pipeline over `buildTool` and `launcher` for the workbook at `root`.
    package init(root: URL, buildTool: any BuildTool, launcher: any TestLauncher) {
        self.root = root
        self.buildTool = buildTool
        self.launcher = launcher
    }

    /// The pipeline with `swift build` and child processes: what the commands use. With
    /// `echoBuild` the compiler's output is shown as it comes; `log` gets the lines shown
    /// before the build.
    package static func live(
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
    package func run(_ request: TestRequest) throws(TestPipelineError) -> TestRun {
        do {
            return try runStages(request)
        } catch {
            if let junit = request.junit {
                try? AtomicFile.write(Data(JUnitReport.render(stoppedBy: error).utf8), to: junit)
            }
            throw error
        }
    }

    private func runStages(_ request: TestRequest) throws(TestPipelineError) -> TestRun {
        let loader = WorkbookLoader(root: root)
        // An invalid chapter stops only itself, as one that does not compile does; a
        // problem of the workbook as a whole stops the run.
        let loaded = loader.load()
        guard loaded.problems.isEmpty else { throw .invalid(loaded.problems) }
        let all = loaded.chapters
        let invalid = Dictionary(
            loaded.invalid.map { ($0.file, $0.problems) }, uniquingKeysWith: { first, _ in first })
        let selected: [ChapterFile]
        do {
            selected = try ChapterSelection.select(
                request.chapters, from: (all.map(\.file) + invalid.keys).sorted())
        } catch {
            throw .unknownChapter(error)
        }
        let update: OutputUpdate.Session?
        let generated: [ChapterFile: GeneratedFile]
        do {
            generated = try WorkbookGenerator(root: root).generate(
                all, leavingAlone: Array(invalid.keys))
            update =
                request.update
                ? try OutputUpdate.Session(root: root, chapters: all) : nil
        } catch {
            throw Self.failure(error)
        }
        if request.mine {
            try prepareWorkbench(for: all.filter { selected.contains($0.file) })
        }

        let chosen = all.filter { selected.contains($0.file) }
        // Nothing to build when every chapter asked for is invalid.
        var broken: [ChapterFile: [String]] = [:]
        do {
            if !chosen.isEmpty {
                broken = try ChapterIsolation(tool: buildTool)
                    .build(
                        all.map(\.file), selected: selected,
                        lineMaps: generated.compactMapValues(\.lineMap), mine: request.mine,
                        invalid: invalid.keys.sorted())
            }
        } catch let failure as BuildFailure {
            throw .buildFailed(failure, mine: request.mine)
        } catch {
            throw .cannotRun("\(error)")
        }
        let jobs = chosen.filter { broken[$0.file] == nil }.flatMap { chapter in
            chapter.tests.map { (chapter.file, $0) }
        }
        // The bundle is looked for only when there is a test to run in it.
        let bundle: URL
        do {
            bundle = jobs.isEmpty ? root : try buildTool.testBundle()
        } catch {
            throw .cannotRun("\(error)")
        }

        // One folder per run for what the test processes record: the output checks they all
        // append to, and each process's own result record.
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
                        module: job.0.moduleName, test: job.1.name),
                    environment: Self.testEnvironment(
                        outputChecks: outputChecks, result: resultFiles[index],
                        verbose: request.verbose),
                    timeout: request.timeout)
            })

        var reports: [ChapterReport] = []
        for (file, problems) in invalid where selected.contains(file) {
            reports.append(Self.report(invalid: file, problems: problems))
        }
        for chapter in chosen {
            var report = ChapterReport(file: chapter.file, declared: chapter.tests)
            if let errors = broken[chapter.file] {
                report.notRunReason = "does not compile (\(errors.count) error(s))"
                report.buildErrors = errors
            }
            for (index, job) in jobs.enumerated() where job.0 == chapter.file {
                let records = TestEventRecord.decodeLines(
                    (try? Data(contentsOf: resultFiles[index])) ?? Data())
                report.results.append(
                    TestRunInterpreter.interpret(
                        processes[index], records: records, test: job.1, file: job.0))
            }
            reports.append(report)
        }
        reports.sort { $0.file < $1.file }
        let checks = OutputCheckRecord.decodeLines(
            (try? String(contentsOf: outputChecks, encoding: .utf8)) ?? "")
        var run = TestRun(reports: reports, outputChecks: checks)
        if let junit = request.junit {
            do {
                try AtomicFile.write(Data(JUnitReport.render(reports).utf8), to: junit)
            } catch {
                throw .cannotRun("cannot write \(junit.path): \(error)")
            }
        }
        if let update {
            run.update = try regenerate(after: update.apply(checks), loader: loader)
        }
        return run
    }

    /// Regenerates what `--update` made stale: the rewritten chapters' test files hold
    /// their blocks' old text and their marble pictures the old diagrams, so `check` would
    /// fail until someone ran `generate`.
    private func regenerate(
        after outcome: OutputUpdate.Session.Outcome, loader: WorkbookLoader
    ) throws(TestPipelineError) -> OutputUpdate.Session.Outcome {
        guard !outcome.rewritten.isEmpty else { return outcome }
        let loaded = loader.load()
        do {
            try WorkbookGenerator(root: root).generate(
                loaded.chapters, leavingAlone: loaded.invalid.map(\.file))
        } catch {
            throw Self.failure(error)
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
    private static func report(invalid file: ChapterFile, problems: [Diagnostic]) -> ChapterReport {
        var report = ChapterReport(
            file: file, declared: [ChapterTest(name: "chapter", line: problems.first?.line ?? 1)])
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

    /// Checks the workbench for `--mine` and says what the run is against.
    private func prepareWorkbench(for selected: [Chapter]) throws(TestPipelineError) {
        let workbench = Workbench(root: root)
        do {
            try workbench.prepareForMine()
        } catch let error as WorkbenchError {
            throw .noWorkbench(error)
        } catch {
            throw Self.failure(error)
        }
        let exercises: [Exercise]
        do {
            exercises = try ExerciseCatalog.load(root: root)
        } catch {
            throw .invalid(error.diagnostics)
        }
        for line in WorkbenchSummary.lines(
            for: selected, exercises: exercises, workbench: workbench)
        {
            log(line)
        }
    }
}
