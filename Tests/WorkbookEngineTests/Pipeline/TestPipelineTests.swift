import Foundation
import WorkbookContract
import XCTest

@testable import WorkbookEngine

/// The pipeline in-process, with a fake build tool and a fake launcher: every stage from
/// selection to report runs for real except compiling and starting processes, so a crash,
/// a hang, a broken chapter, a skip and a test never run are each checked in milliseconds
/// (the end-to-end tests build and run a real fixture for the same cases).
final class TestPipelineTests: XCTestCase {
    private static let first = """
        # First

        ```swift test
        func testPasses() {
            XCTAssertTrue(true)
        }
        ```

        ```swift test
        func testCrashes() {
            let values = [1]
            _ = values[1]
        }
        ```

        ```swift test
        func testHangs() {
            while true {}
        }
        ```

        ```swift test
        func testSkips() throws {
            throw XCTSkip("not here")
        }
        ```

        ## Printing

        ```swift example
        print("a")
        ```

        ```output
        a
        ```

        """

    private static let broken = """
        # Broken

        ```swift test
        func testBroken() {
            let value: Int = "no"
        }
        ```

        """

    private static let brokenError =
        "Chapters/02-broken.md:5:22: error: cannot convert value of type 'String' to specified type 'Int'"

    /// The Markdown line of the first line of `text` that contains `needle`.
    private func line(of needle: String, in text: String) -> Int {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        return (lines.firstIndex { $0.contains(needle) } ?? -1) + 1
    }

    private func workbook() throws -> URL {
        try Fixtures.temporaryWorkbook(
            [
                "Chapters/01-first.md": Data(Self.first.utf8),
                "Chapters/02-broken.md": Data(Self.broken.utf8),
            ], for: self)
    }

    /// The scripted outcomes of chapter 01: a pass, a crash with a backtrace into the
    /// chapter, a hang killed at the limit, a skip, and the example passing.
    private func launcher() -> FakeLauncher {
        let module = "Chapter01Tests"
        let crashLine = line(of: "_ = values[1]", in: Self.first)
        return FakeLauncher([
            "testPasses": XCTestLines.passed(module, "testPasses", printed: "a line it printed"),
            "testCrashes": { invocation in
                XCTestLines.record(invocation, module, "testCrashes", [.started])
                return TestProcessResult(
                    output: """
                        \(XCTestLines.started(module, "testCrashes"))
                        Fatal error: Index out of range
                        💣 Program crashed: System trap at 0x0000
                        Thread 0 crashed:
                        1 0x0000 testCrashes() in Chapter01Tests at Chapters/01-first.md:\(crashLine):9
                        """, exitStatus: nil, signal: 4, timedOut: false,
                    timeout: invocation.timeout, duration: 0.5)
            },
            "testHangs": { invocation in
                XCTestLines.record(invocation, module, "testHangs", [.started])
                return TestProcessResult(
                    output: XCTestLines.started(module, "testHangs"), exitStatus: nil,
                    signal: 9, timedOut: true, timeout: invocation.timeout,
                    duration: invocation.timeout)
            },
            "testSkips": { invocation in
                XCTestLines.record(invocation, module, "testSkips", [.started, .skipped])
                return TestProcessResult(
                    output: """
                        \(XCTestLines.started(module, "testSkips"))
                        /x/Chapters/01-first.md:24: Chapter01Tests.testSkips : Test skipped - not here
                        \(XCTestLines.ended(module, "testSkips", "skipped"))
                        """, exitStatus: 0, signal: nil, timedOut: false,
                    timeout: invocation.timeout)
            },
            "test_printing": XCTestLines.passed(module, "test_printing"),
        ])
    }

    private func pipeline(
        _ root: URL, build: FakeBuild, launcher: FakeLauncher
    ) -> TestPipeline {
        var pipeline = TestPipeline(root: root, buildTool: build, launcher: launcher)
        pipeline.log = { _ in }
        return pipeline
    }

    func testEveryOutcomeIsInterpretedAndLocatedFromTheModel() throws {
        let root = try workbook()
        let build = FakeBuild(scratchDirectory: root.appendingPathComponent(".build"))
        build.broken = ["Chapter02Tests": Self.brokenError]
        let launcher = launcher()
        let run = try pipeline(root, build: build, launcher: launcher)
            .run(TestRequest(timeout: 7))

        // A broken chapter is left out and the build runs again.
        XCTAssertEqual(build.requests.map(\.excluded), [[], ["Chapter02Tests"]])
        XCTAssertEqual(
            build.requests.first?.chapterModules, ["Chapter01Tests", "Chapter02Tests"])
        XCTAssertEqual(run.reports.map(\.file.number), ["01", "02"])
        let broken = run.reports[1]
        XCTAssertEqual(broken.notRunReason, "does not compile (1 error(s))")
        XCTAssertEqual(broken.buildErrors, [Self.brokenError])
        XCTAssertEqual(broken.errorCount, 1)

        // Each test of the other chapter ran in a process of its own, by its XCTest name,
        // with the time limit asked for and the output-check file in its environment.
        XCTAssertEqual(
            Set(launcher.ran.map(\.identifier)),
            Set(
                ["testPasses", "testCrashes", "testHangs", "testSkips", "test_printing"].map {
                    "Chapter01Tests.Chapter01Tests/\($0)"
                }))
        XCTAssertTrue(launcher.ran.allSatisfy { $0.timeout == 7 })
        XCTAssertTrue(
            launcher.ran.allSatisfy {
                $0.environment[WorkbookEnvironment.outputChecks] != nil
                    && $0.bundle.lastPathComponent == "FakePackageTests.xctest"
            })

        let report = run.reports[0]
        let outcomes = Dictionary(
            uniqueKeysWithValues: report.results.map { ($0.name, $0.outcome) })
        XCTAssertEqual(
            outcomes,
            [
                "testPasses": .passed, "testCrashes": .crashed, "testHangs": .timedOut,
                "testSkips": .skipped(reason: "not here"), "test_printing": .passed,
            ])
        let failures = Dictionary(uniqueKeysWithValues: report.failures.map { ($0.testName, $0) })
        // The crash at the backtrace's frame; the hang at its `func` line, from the model.
        XCTAssertEqual(failures["testCrashes"]?.line, line(of: "_ = values[1]", in: Self.first))
        XCTAssertEqual(
            failures["testCrashes"]?.message, "crashed: Fatal error: Index out of range")
        XCTAssertEqual(failures["testHangs"]?.line, line(of: "func testHangs", in: Self.first))
        XCTAssertTrue(
            failures["testHangs"]?.message.hasPrefix("timed out after 7 s") == true)
        XCTAssertEqual(report.declared.map(\.line).last, line(of: #"print("a")"#, in: Self.first))
        XCTAssertEqual(report.duration, 0.25 + 0.5 + 7 + 0.25, accuracy: 0.001)
        XCTAssertFalse(run.succeeded)
    }

    func testATestXCTestNeverRanFailsAtItsDeclaration() throws {
        let root = try workbook()
        let build = FakeBuild(scratchDirectory: root.appendingPathComponent(".build"))
        let run = try pipeline(root, build: build, launcher: FakeLauncher([:]))
            .run(TestRequest(chapters: ["broken"]))
        let result = try XCTUnwrap(run.reports.first?.results.first)
        XCTAssertEqual(
            result.outcome,
            .notRun(reason: "declared but not run: XCTest did not run Chapter02Tests.testBroken"))
        XCTAssertEqual(result.failures.map(\.line), [line(of: "func testBroken", in: Self.broken)])
        XCTAssertFalse(run.succeeded)
    }

    /// The learner's loop: `workbook test 01` builds chapter 01 alone, in a bundle without
    /// the workbook's own test suites, so another chapter's compile error never costs it a
    /// failed build, and an edit relinks a small bundle.
    func testOnlyTheChaptersAskedForAreBuilt() throws {
        let root = try workbook()
        let build = FakeBuild(scratchDirectory: root.appendingPathComponent(".build"))
        build.broken = ["Chapter02Tests": Self.brokenError]
        let pipeline = pipeline(root, build: build, launcher: launcher())
        let only = try pipeline.run(TestRequest(chapters: ["01"]))
        XCTAssertEqual(build.requests.map(\.excluded), [["Chapter02Tests"]], "built once")
        XCTAssertEqual(only.reports.map(\.file.number), ["01"])

        // Asked for, it is built, and its errors are its own.
        let broken = try pipeline.run(TestRequest(chapters: ["02"]))
        XCTAssertEqual(
            build.requests.dropFirst().map(\.excluded),
            [["Chapter01Tests"], ["Chapter01Tests", "Chapter02Tests"]])
        XCTAssertEqual(broken.reports.first?.buildErrors, [Self.brokenError])
    }

    func testAnInvalidChapterStopsOnlyItselfAtItsLine() throws {
        // Issue 20, items 13 and 15: a fence left open (what a printed `~~~` used to leave)
        // or a `#sourceLocation` in a snippet made validation, being global, stop every
        // chapter.
        let unclosed = "# Unclosed\n\n~~~swift test\nfunc testNever() {}\n"
        let located = "# Located\n\n```swift\n#sourceLocation()\n```\n"
        let root = try Fixtures.temporaryWorkbook(
            [
                "Chapters/01-first.md": Data(Self.first.utf8),
                "Chapters/02-unclosed.md": Data(unclosed.utf8),
                "Chapters/03-located.md": Data(located.utf8),
            ], for: self)
        // Chapter 02 was valid once: its generated file and the table of contents stay
        // as they were while it is not.
        let stale = root.appendingPathComponent(
            "Tests/Chapters/Chapter02Tests/Chapter02Tests.swift")
        try FileManager.default.createDirectory(
            at: stale.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data((SwiftGenerator.headerPrefix + " old\n").utf8).write(to: stale)
        let build = FakeBuild(scratchDirectory: root.appendingPathComponent(".build"))
        let launcher = launcher()
        let junit = root.appendingPathComponent("report.xml")
        let run = try pipeline(root, build: build, launcher: launcher)
            .run(TestRequest(junit: junit))

        XCTAssertEqual(run.reports.map(\.file.number), ["01", "02", "03"])
        XCTAssertNil(run.chapters, "a site cannot be built from a workbook with invalid chapters")
        XCTAssertEqual(Set(launcher.ran.map(\.identifier)).count, 5, "chapter 01 ran whole")
        XCTAssertEqual(
            build.requests.map(\.excluded), [["Chapter02Tests", "Chapter03Tests"]],
            "invalid chapters are never built, whatever is on disk of them")
        for report in run.reports.dropFirst() {
            XCTAssertFalse(report.succeeded)
            XCTAssertEqual(report.failedCount, 1, "counted in the totals")
            XCTAssertEqual(report.notRunReason, "is not valid (1 error(s))")
        }
        XCTAssertTrue(
            run.reports[1].buildErrors.first?.hasPrefix("Chapters/02-unclosed.md:3: error:")
                == true,
            "\(run.reports[1].buildErrors)")
        XCTAssertTrue(
            run.reports[2].buildErrors.first?.hasPrefix("Chapters/03-located.md:4: error:") == true,
            "\(run.reports[2].buildErrors)")
        XCTAssertTrue(FileManager.default.fileExists(atPath: stale.path), "left alone")
        XCTAssertFalse(
            FileManager.default.fileExists(
                atPath: root.appendingPathComponent(TableOfContents.path).path),
            "no table of contents written without the chapters it would miss")
        let xml = try String(contentsOf: junit, encoding: .utf8)
        XCTAssertTrue(
            xml.contains(#"name="Chapter03Tests" tests="1" failures="0" errors="1""#), xml)
    }

    func testAFailureOutsideTheChaptersStopsBeforeAnyTestRuns() throws {
        let root = try workbook()
        let build = FakeBuild(scratchDirectory: root.appendingPathComponent(".build"))
        build.failsOutsideChapters = true
        let launcher = launcher()
        let junit = root.appendingPathComponent("report.xml")
        XCTAssertThrowsError(
            try pipeline(root, build: build, launcher: launcher)
                .run(TestRequest(junit: junit))
        ) { error in
            guard case .buildFailed(let failure, mine: false) = error as? TestPipelineError
            else { return XCTFail("\(error)") }
            XCTAssertTrue(
                failure.summary.contains("No chapter has compile errors"), failure.summary)
        }
        XCTAssertEqual(launcher.ran, [])
    }

    func testAnUnknownChapterIsAUsageError() throws {
        let root = try workbook()
        let build = FakeBuild(scratchDirectory: root.appendingPathComponent(".build"))
        XCTAssertThrowsError(
            try pipeline(root, build: build, launcher: launcher()).run(
                TestRequest(chapters: ["99"]))
        ) { error in
            guard case .unknownChapter(let selection) = error as? TestPipelineError else {
                return XCTFail("\(error)")
            }
            XCTAssertTrue(selection.message.hasPrefix("no chapter '99'"), selection.message)
        }
        XCTAssertEqual(build.requests, [], "nothing is built for a typo")
    }

    func testMineBuildsOnlyTheChosenChaptersAgainstTheWorkbench() throws {
        let root = try workbook()
        let build = FakeBuild(scratchDirectory: root.appendingPathComponent(".build"))
        var pipeline = pipeline(root, build: build, launcher: launcher())
        XCTAssertThrowsError(try pipeline.run(TestRequest(chapters: ["01"], mine: true))) {
            XCTAssertEqual($0 as? TestPipelineError, .noWorkbench(.missing))
        }
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent(Workbench.folder), withIntermediateDirectories: true)
        var logged: [String] = []
        pipeline.log = { logged.append($0) }
        _ = try pipeline.run(TestRequest(chapters: ["01"], mine: true))
        XCTAssertEqual(build.requests.last?.mine, true)
        XCTAssertEqual(build.requests.last?.excluded, ["Chapter02Tests"])
        XCTAssertEqual(logged, ["Against your Workbench/: yours: none; the library's: none"])
        XCTAssertTrue(
            FileManager.default.fileExists(
                atPath: root.appendingPathComponent(Workbench.gluePath).path))
    }

    /// A run against the workbench as the command read it (`workbook progress`) says what
    /// it is against from that reading: the workbench is not read a second time, which
    /// could disagree with the command's table.
    func testTheRunCarriesTheChaptersItLoadedForTheSite() throws {
        let root = try workbook()
        let build = FakeBuild(scratchDirectory: root.appendingPathComponent(".build"))
        let run = try pipeline(root, build: build, launcher: launcher()).run(TestRequest())
        let loaded = try WorkbookLoader(root: root).chapters()
        XCTAssertEqual(run.chapters, loaded, "the model the site builds from, not loaded again")
    }

    func testMineUsesTheWorkbenchAsTheCommandReadIt() throws {
        let root = try workbook()
        let build = FakeBuild(scratchDirectory: root.appendingPathComponent(".build"))
        var pipeline = pipeline(root, build: build, launcher: launcher())
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent(Workbench.folder), withIntermediateDirectories: true)
        var logged: [String] = []
        pipeline.log = { logged.append($0) }
        var request = TestRequest(chapters: ["01"], mine: true)
        request.workbench = WorkbenchReading(
            exercises: [], sources: WorkbenchSources(root: root),
            parked: ["Workbench/Parked/01"])
        _ = try pipeline.run(request)
        XCTAssertEqual(
            logged,
            [
                "Against your Workbench/: yours: none; the library's: none",
                "  parked, not compiled: Workbench/Parked/01",
            ])
        // The build is given the same parked folders, not the disk looked at again.
        XCTAssertEqual(build.requests.map(\.parked), [["Workbench/Parked/01"]])
    }

    func testJUnitIsWrittenFromTheRunWithErrorsFailuresAndTimes() throws {
        let root = try workbook()
        let build = FakeBuild(scratchDirectory: root.appendingPathComponent(".build"))
        build.broken = ["Chapter02Tests": Self.brokenError]
        let junit = root.appendingPathComponent("report.xml")
        _ = try pipeline(root, build: build, launcher: launcher())
            .run(TestRequest(timeout: 7, junit: junit))
        try JUnitSchema.assertValidIfPossible(junit)
        let xml = try String(contentsOf: junit, encoding: .utf8)
        XCTAssertTrue(
            xml.contains(
                #"<testsuites name="workbook" tests="6" failures="0" errors="3" time="8.000">"#),
            xml)
        XCTAssertTrue(
            xml.contains(
                #"<testcase classname="Chapter01Tests" name="testPasses" time="0.250">"#), xml)
        XCTAssertTrue(xml.contains("<system-out>a line it printed</system-out>"), xml)
        XCTAssertTrue(xml.contains(#"<error message="timed out after 7 s"#), xml)
        XCTAssertTrue(xml.contains(#"type="notCompiled">\#(Self.brokenError)</error>"#), xml)
    }

    func testUpdateRewritesTheBlocksTheTestsRecordedAsMismatched() throws {
        let root = try workbook()
        let build = FakeBuild(scratchDirectory: root.appendingPathComponent(".build"))
        let fence = line(of: "```output", in: Self.first)
        let launcher = FakeLauncher([
            "test_printing": { invocation in
                let check = OutputCheckRecord(
                    file: "Chapters/01-first.md", line: fence, actual: "b\n", matched: false)
                let path = invocation.environment[WorkbookEnvironment.outputChecks] ?? ""
                _ = FileManager.default.createFile(atPath: path, contents: check.encodedLine)
                return XCTestLines.passed("Chapter01Tests", "test_printing")(invocation)
            }
        ])
        let run = try pipeline(root, build: build, launcher: launcher)
            .run(TestRequest(chapters: ["01"], update: true))
        XCTAssertEqual(run.outputChecks.map(\.actual), ["b\n"])
        XCTAssertEqual(run.update?.rewritten.map(\.chapter), ["Chapters/01-first.md"])
        let chapter = try String(
            contentsOf: root.appendingPathComponent("Chapters/01-first.md"), encoding: .utf8)
        XCTAssertEqual(
            chapter, Self.first.replacingOccurrences(of: "```output\na\n", with: "```output\nb\n"))
        // What CI runs after the update: the generated test file follows the new block.
        let loader = WorkbookLoader(root: root)
        XCTAssertEqual(loader.problems(of: try loader.chapters()), [])
    }

    /// The results kept for the site name the text the tests ran from: a chapter saved during
    /// the run is recorded with the digest of what was read, so the site shows the run as
    /// stale, never as a verdict on the text saved since.
    func testTheRecordedDigestIsOfTheTextTheRunTested() throws {
        let root = try workbook()
        let build = FakeBuild(scratchDirectory: root.appendingPathComponent(".build"))
        let path = root.appendingPathComponent("Chapters/01-first.md")
        let tested = ChapterDigest.of(try Data(contentsOf: path))
        let saved = Data((Self.first + "\nSaved during the run.\n").utf8)
        let launcher = FakeLauncher([
            "test_printing": { invocation in
                try? saved.write(to: path)
                return XCTestLines.passed("Chapter01Tests", "test_printing")(invocation)
            }
        ])
        _ = try pipeline(root, build: build, launcher: launcher)
            .run(TestRequest(chapters: ["01"]))
        let recorded = try RecordedResults.load(root: root).chapters.first { $0.number == "01" }
        XCTAssertEqual(recorded?.digest, tested, "the digest of the text the run tested")
        XCTAssertNotEqual(recorded?.digest, ChapterDigest.of(try Data(contentsOf: path)))
    }

    /// A run records its results into what it read of the results file when it started;
    /// what another run in the same folder recorded meanwhile is kept, never overwritten
    /// with that older reading.
    func testResultsAnotherRunRecordsMeanwhileAreKept() throws {
        let root = try workbook()
        let build = FakeBuild(scratchDirectory: root.appendingPathComponent(".build"))
        let other = try ChapterFile(fileName: "02-broken.md")
        let launcher = FakeLauncher([
            "test_printing": { invocation in
                _ = try? RecordedResults.record(
                    [ChapterReport(file: other, declared: [])], root: root)
                return XCTestLines.passed("Chapter01Tests", "test_printing")(invocation)
            }
        ])
        _ = try pipeline(root, build: build, launcher: launcher)
            .run(TestRequest(chapters: ["01"]))
        XCTAssertEqual(
            try RecordedResults.load(root: root).chapters.map(\.number), ["01", "02"])
    }

    /// After `--update` rewrites a block, the mismatch the run reported is kept with the
    /// digest of the chapter it ran on, not the rewritten one: the site shows it as stale.
    func testUpdateRecordsTheDigestOfTheTextBeforeTheRewrite() throws {
        let root = try workbook()
        let build = FakeBuild(scratchDirectory: root.appendingPathComponent(".build"))
        let path = root.appendingPathComponent("Chapters/01-first.md")
        let tested = ChapterDigest.of(try Data(contentsOf: path))
        let run = try pipeline(root, build: build, launcher: mismatchingLauncher())
            .run(TestRequest(chapters: ["01"], update: true))
        XCTAssertEqual(run.update?.rewritten.map(\.chapter), ["Chapters/01-first.md"])
        let recorded = try RecordedResults.load(root: root).chapters.first { $0.number == "01" }
        XCTAssertEqual(recorded?.digest, tested)
        XCTAssertNotEqual(
            recorded?.digest, ChapterDigest.of(try Data(contentsOf: path)), "rewritten since")
    }

    /// Regenerating after `--update` works from what the run knew: the rewritten chapter
    /// from the text just written, every other chapter from the model. A chapter saved
    /// during the run is not read back: its test file stays the one the run generated.
    func testRegenerationAfterUpdateReadsNoChapterBack() throws {
        let root = try workbook()
        let build = FakeBuild(scratchDirectory: root.appendingPathComponent(".build"))
        let other = root.appendingPathComponent("Chapters/02-broken.md")
        let generated = root.appendingPathComponent(
            "Tests/Chapters/Chapter02Tests/Chapter02Tests.swift")
        let saved = Data((Self.broken + "```swift test\nfunc testSavedMeanwhile() {}\n```\n").utf8)
        let run = try pipeline(
            root, build: build,
            launcher: mismatchingLauncher { try? saved.write(to: other) }
        ).run(TestRequest(chapters: ["01"], update: true))

        XCTAssertEqual(run.update?.rewritten.map(\.chapter), ["Chapters/01-first.md"])
        XCTAssertEqual(run.update?.refused, [])
        XCTAssertFalse(
            try String(contentsOf: generated, encoding: .utf8).contains("testSavedMeanwhile"),
            "chapter 02 was generated again from its text saved during the run")
        // Chapter 01's test file follows its rewritten block; chapter 02's is the run's.
        let loader = WorkbookLoader(root: root)
        XCTAssertEqual(
            loader.problems(of: try loader.chapters()).map(\.description),
            [
                "Tests/Chapters/Chapter02Tests/Chapter02Tests.swift:1: error: generated file is "
                    + "stale; run `swift run workbook generate`",
                "Chapters/README.md:1: error: generated file is stale; run `swift run workbook "
                    + "generate`",
            ])
    }

    /// When the test files cannot be generated again after `--update` (here a hand-written
    /// file took the generated one's place during the run), the run's results and its JUnit
    /// report stay, and the problem is reported at its file: the command fails.
    func testARegenerationFailureKeepsTheRunsResultsAndJUnit() throws {
        let root = try workbook()
        let build = FakeBuild(scratchDirectory: root.appendingPathComponent(".build"))
        let generated = "Tests/Chapters/Chapter01Tests/Chapter01Tests.swift"
        let inTheWay = root.appendingPathComponent(generated)
        let junit = root.appendingPathComponent("report.xml")
        let run = try pipeline(
            root, build: build,
            launcher: mismatchingLauncher {
                try? Data("// written by hand\n".utf8).write(to: inTheWay)
            }
        ).run(TestRequest(chapters: ["01"], update: true, junit: junit))

        XCTAssertEqual(run.reports.map(\.file.number), ["01"])
        XCTAssertEqual(run.reports.first?.results.count, 5, "every test's result kept")
        XCTAssertEqual(run.update?.rewritten.map(\.chapter), ["Chapters/01-first.md"])
        XCTAssertEqual(run.update?.refused.map(\.file), [generated])
        XCTAssertFalse(run.succeeded)
        let xml = try String(contentsOf: junit, encoding: .utf8)
        XCTAssertTrue(
            xml.contains(#"<testcase classname="Chapter01Tests" name="test_printing""#), xml)
        XCTAssertEqual(
            try RecordedResults.load(root: root).chapters.map(\.number), ["01"], "recorded")
        XCTAssertEqual(
            try String(contentsOf: inTheWay, encoding: .utf8), "// written by hand\n",
            "left alone")
    }

    /// A launcher whose `test_printing` records that the example printed `b` where chapter 01
    /// expects `a`, after doing `meanwhile`.
    private func mismatchingLauncher(meanwhile: @escaping @Sendable () -> Void = {})
        -> FakeLauncher
    {
        let fence = line(of: "```output", in: Self.first)
        return FakeLauncher([
            "test_printing": { invocation in
                meanwhile()
                let check = OutputCheckRecord(
                    file: "Chapters/01-first.md", line: fence, actual: "b\n", matched: false)
                let path = invocation.environment[WorkbookEnvironment.outputChecks] ?? ""
                _ = FileManager.default.createFile(atPath: path, contents: check.encodedLine)
                return XCTestLines.passed("Chapter01Tests", "test_printing")(invocation)
            }
        ])
    }

    /// `--update` of a marble block regenerates the test that checks it and its picture, so
    /// `check` stays green without a `generate` of its own.
    func testUpdatingAMarbleBlockLeavesCheckGreen() throws {
        let text = """
            # Lanes

            ## Ticks

            ```swift example
            print("x")
            ```

            ```marble
            a  ^1|
            ```

            ![ticks](diagrams/01-lanes.test_ticks.svg)

            """
        let root = try Fixtures.temporaryWorkbook(
            ["Chapters/01-lanes.md": Data(text.utf8)], for: self)
        let build = FakeBuild(scratchDirectory: root.appendingPathComponent(".build"))
        let fence = line(of: "```marble", in: text)
        let launcher = FakeLauncher([
            "test_ticks": { invocation in
                let check = OutputCheckRecord(
                    file: "Chapters/01-lanes.md", line: fence, actual: "a  ^12|\n",
                    matched: false)
                let path = invocation.environment[WorkbookEnvironment.outputChecks] ?? ""
                _ = FileManager.default.createFile(atPath: path, contents: check.encodedLine)
                return XCTestLines.passed("Chapter01Tests", "test_ticks")(invocation)
            }
        ])
        let run = try pipeline(root, build: build, launcher: launcher)
            .run(TestRequest(chapters: ["01"], update: true))
        XCTAssertEqual(run.update?.rewritten.map(\.chapter), ["Chapters/01-lanes.md"])
        let loader = WorkbookLoader(root: root)
        let chapters = try loader.chapters()
        XCTAssertTrue(
            try String(
                contentsOf: root.appendingPathComponent("Chapters/01-lanes.md"), encoding: .utf8
            ).contains("```marble\na  ^12|\n```"))
        XCTAssertEqual(loader.problems(of: chapters), [])
    }
}
