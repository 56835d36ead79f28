import Foundation
import XCTest

#if canImport(FoundationXML)
import FoundationXML
#endif

/// `workbook test` on the `runner` fixture workbook: a chapter per thing a learner's code
/// does in the first hour (crash, hang, compile error, skip, await, throw, invisible
/// whitespace, a declared test that is never compiled), built once and run as a learner
/// would.
final class RunnerEndToEndTests: XCTestCase {
    func testEveryOutcomeIsReportedAtItsMarkdownLine() throws {
        let root = try Fixtures.buildableCopy(of: "runner", for: self)
        let junit = root.appendingPathComponent("report.xml")
        let run = try runWorkbook(
            ["test", "--root", root.path, "--timeout", "3", "--junit", junit.path])
        let out = run.standardOutput
        XCTAssertEqual(run.status, 1, out + run.standardError)
        let expectedLines = [
            // Isolation: the broken chapter is reported, every other one still runs.
            "04-broken.md      not run: does not compile (1 error(s))",
            "Chapters/04-broken.md:5:22: error: cannot convert value of type 'String' to specified type 'Int'",
            // A crash at the trapping line, with the trap's message; its neighbour ran.
            "02-crash.md            1       1        0",
            "Chapters/02-crash.md:7: testIndexOutOfRange: crashed: Fatal error: Index out of range",
            // A hang is killed at the limit and the test after it still runs.
            "03-hang.md             1       1        0",
            "Chapters/03-hang.md:4: testNeverEnds: timed out after 3 s; its process group was killed",
            // A skip has its own column and does not fail.
            "05-skip.md             0       0        1",
            // await works in an example.
            "06-async.md            1       0        0",
            // A thrown error at the example's line, after what it printed.
            "Chapters/07-throws.md:4: test_an_example_that_throws: the example threw Oops()\nafter printing:\n  before the error",
            // Trailing spaces made visible, and a unified diff.
            "  expected: \"a\"\n  actual:   \"a··\"",
            "@@ -1,2 +1,2 @@\n-\"a\"\n+\"a··\"\n b",
            // No false green: a declared test XCTest never ran is a failure.
            "09-hidden.md           0       1        0",
            "Chapters/09-hidden.md:5: testHidden: declared but not run: XCTest did not run Chapter09Tests.testHidden",
            // Recordings for OpenCombine are asserted as any assertion: no Observed column.
            "10-observed.md         3       0        0",
            "Chapters/11-also-fails.md:8: testObservesAndFailsElsewhere: XCTAssertEqual failed: (\"1\") is not equal to (\"2\") - an unrelated failure",
            "8 passed, 7 failed, 1 skipped",
        ]
        for line in expectedLines {
            XCTAssertTrue(out.contains(line), "missing:\n\(line)\nin:\n\(out)")
        }
        XCTAssertFalse(out.contains("0       0        0\n"), "no chapter may show an empty row")
        XCTAssertFalse(
            out.contains("Skipped  Observed") || out.contains(" observed\n"),
            "a run with no observations has no column or total for them")
        try checkJUnit(junit)

        // Isolation for the chapter asked for: chapter 01 runs although 04 is broken.
        let one = try runWorkbook(["test", "--root", root.path, "01"])
        XCTAssertEqual(one.status, 0, one.standardOutput)
        XCTAssertTrue(
            one.standardOutput.hasSuffix("2 passed, 0 failed, 0 skipped\n"), one.standardOutput)

        // From a subdirectory, the package root is found.
        let fromBelow = try runWorkbook(
            ["test", "05"], in: root.appendingPathComponent("Sources/CustomCombine"))
        XCTAssertEqual(fromBelow.status, 0, fromBelow.standardOutput + fromBelow.standardError)
        XCTAssertTrue(fromBelow.standardOutput.hasSuffix("0 passed, 0 failed, 1 skipped\n"))

        try checkInterruptLeavesNothingRunning(root)
    }

    /// The JUnit report is valid against the schema CI dashboards read, with a time per
    /// test, a failed assertion as a failure, a crash, a hang and a chapter that does not
    /// compile as errors (located at their Markdown lines) and what a test printed.
    private func checkJUnit(_ url: URL) throws {
        try JUnitSchema.assertValidIfPossible(url)
        let document = try XMLDocument(contentsOf: url)
        let suites = try document.nodes(forXPath: "/testsuites/testsuite")
        XCTAssertEqual(suites.count, 11)
        for case let suite as XMLElement in suites {
            for attribute in ["name", "tests", "failures", "errors", "time", "file"] {
                XCTAssertNotNil(suite.attribute(forName: attribute), attribute)
            }
        }
        let cases = try document.nodes(forXPath: "//testcase")
        XCTAssertEqual(cases.count, 16)
        let times = try document.nodes(forXPath: "//testcase/@time").compactMap {
            Double($0.stringValue ?? "")
        }
        XCTAssertEqual(times.count, 16)
        XCTAssertGreaterThanOrEqual(times.max() ?? 0, 3, "the hang ran to its limit: \(times)")
        func value(_ path: String) throws -> String? {
            try document.nodes(forXPath: path).first?.stringValue
        }
        XCTAssertEqual(try value("/testsuites/@tests"), "16")
        XCTAssertEqual(try value("/testsuites/@failures"), "3", "the assertions that failed")
        XCTAssertEqual(
            try value("/testsuites/@errors"), "4",
            "a crash, a hang, a test never run and a chapter that does not compile")
        let crash = try value("//testcase[@name='testIndexOutOfRange']/error")
        XCTAssertTrue(
            crash?.hasPrefix("Chapters/02-crash.md:7: crashed: Fatal error: Index out of range")
                == true, crash ?? "no error")
        XCTAssertEqual(
            try value("//testcase[@name='testIndexOutOfRange']/error/@type"), "crashed")
        XCTAssertEqual(try value("//testcase[@name='testNeverEnds']/error/@type"), "timedOut")
        XCTAssertEqual(try value("//testcase[@name='testHidden']/error/@type"), "notRun")
        XCTAssertEqual(
            try document.nodes(forXPath: "//testsuite[@name='Chapter04Tests']/testcase/error")
                .count, 1)
        XCTAssertEqual(try document.nodes(forXPath: "//testcase/failure").count, 3)
        XCTAssertEqual(try document.nodes(forXPath: "//testcase/skipped").count, 1)
        XCTAssertEqual(
            try value("//testcase[@name='testStillRuns']/system-out"), "printed by a passing test")
    }

    /// With `WORKBOOK_COMBINE=other` the runtime believes it runs on an implementation with
    /// no recordings: each recorded behaviour is run and reported as an observation, with
    /// what was observed and what was recorded, in a column, in JUnit and in the totals;
    /// the run succeeds for them, and a test that also fails an assertion still fails.
    func testAnUnrecordedImplementationReportsObservations() throws {
        let root = try Fixtures.buildableCopy(of: "runner", for: self)
        let junit = root.appendingPathComponent("observed.xml")
        let run = try runWorkbook(
            ["test", "--root", root.path, "10", "11", "--junit", junit.path],
            environment: ["WORKBOOK_COMBINE": "other"])
        let out = run.standardOutput
        XCTAssertEqual(run.status, 1, out + run.standardError)
        for line in [
            "Chapter           Passed  Failed  Skipped  Observed",
            "10-observed.md         1       0        0         2",
            "11-also-fails.md       0       1        0         0",
            "Chapters/11-also-fails.md:8: testObservesAndFailsElsewhere: XCTAssertEqual failed",
            "Observed, not asserted (no recording for this implementation; not a failure):",
            """
            Chapters/10-observed.md:8: testRecordedPerImplementation: observed: how many values arrive
                on an implementation with no recording (WORKBOOK_COMBINE=other): 2
                recorded on OpenCombine 0.14 (Linux): 2
                recorded on 2019 Combine (macOS 10.15), as the reference reports: 1
            """,
            """
            Chapters/10-observed.md:23: test_observed: observed: what the example printed (it matches the recorded output)
                on an implementation with no recording (WORKBOOK_COMBINE=other): recorded here
                recorded on OpenCombine 0.14 (Linux): recorded here
            """,
            "Chapters/11-also-fails.md:7: testObservesAndFailsElsewhere: observed: one value",
            "1 passed, 1 failed, 0 skipped, 2 observed",
        ] {
            XCTAssertTrue(out.contains(line), "missing:\n\(line)\nin:\n\(out)")
        }
        let document = try XMLDocument(contentsOf: junit)
        try JUnitSchema.assertValidIfPossible(junit)
        let property = try document.nodes(
            forXPath: "//testsuite/properties/property[@name='observed']/@value")
        XCTAssertEqual(
            property.first?.stringValue,
            "testRecordedPerImplementation: how many values arrive on an implementation with no recording (WORKBOOK_COMBINE=other): 2"
        )
        XCTAssertTrue(
            try document.nodes(
                forXPath: "//testcase[@name='testRecordedPerImplementation']/system-out"
            ).first?.stringValue?.contains("observed: how many values arrive") == true)
        XCTAssertEqual(
            try document.nodes(
                forXPath: "//testcase[@name='testRecordedPerImplementation']/failure"
            )
            .count, 0)
        XCTAssertEqual(
            try document.nodes(
                forXPath: "//testcase[@name='testObservesAndFailsElsewhere']/failure"
            )
            .count, 1)

        // Observations alone never fail the run; --update never writes another
        // implementation's output into a recorded block.
        let chapter = root.appendingPathComponent("Chapters/10-observed.md")
        let before = try String(contentsOf: chapter, encoding: .utf8)
        let alone = try runWorkbook(
            ["test", "--root", root.path, "10", "--update"],
            environment: ["WORKBOOK_COMBINE": "other"])
        XCTAssertEqual(alone.status, 0, alone.standardOutput + alone.standardError)
        XCTAssertTrue(
            alone.standardOutput.hasSuffix(
                "1 passed, 0 failed, 0 skipped, 2 observed\n--update: no output block to change\n"),
            alone.standardOutput)
        XCTAssertEqual(try String(contentsOf: chapter, encoding: .utf8), before)
    }

    /// Ctrl-C during a hanging test kills the test's process group too.
    private func checkInterruptLeavesNothingRunning(_ root: URL) throws {
        let process = Process()
        process.executableURL = productsDirectory.appendingPathComponent("workbook")
        process.arguments = ["test", "--root", root.path, "03", "--timeout", "120"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let bundle = root.path + "/.build"
        // The hanging test itself, not any process under .build: one of the build's would
        // do, and an interrupt during the build leaves no test to outlive workbook.
        let deadline = Date().addingTimeInterval(60)
        while testProcesses(under: bundle, naming: "testNeverEnds").isEmpty, Date() < deadline {
            usleep(50_000)
        }
        XCTAssertFalse(
            testProcesses(under: bundle, naming: "testNeverEnds").isEmpty,
            "the hanging test never started")
        kill(process.processIdentifier, SIGINT)
        let exitDeadline = Date().addingTimeInterval(30)
        while process.isRunning, Date() < exitDeadline {
            usleep(50_000)
        }
        XCTAssertFalse(process.isRunning, "workbook did not exit on SIGINT")
        // The kill of the test's group may still be landing as workbook exits: wait for the
        // processes to go, up to a bound far above that, rather than sleep and assume.
        let goneDeadline = Date().addingTimeInterval(10)
        var left = testProcesses(under: bundle)
        while !left.isEmpty, Date() < goneDeadline {
            usleep(50_000)
            left = testProcesses(under: bundle)
        }
        XCTAssertEqual(left, [], "a test process outlived workbook")
        for pid in left { kill(pid_t(pid) ?? 0, SIGKILL) }  // never leave one behind
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    /// Live (not zombie) test processes under `prefix` whose command line holds `naming`: on
    /// Linux, from /proc, those whose command line starts with `prefix` (the bundle is the
    /// executable); elsewhere, from `ps`, those whose command line names it (on macOS
    /// `xctest` runs the bundle).
    private func testProcesses(under prefix: String, naming: String = "") -> [String] {
        #if os(Linux)
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.filter { Int($0) != nil }.compactMap { pid in
            guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline"),
                let command = String(data: data, encoding: .utf8), command.hasPrefix(prefix),
                naming.isEmpty || command.contains(naming),
                let status = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                !status.contains(") Z ")
            else { return nil }
            return pid
        }
        #else
        let ps = Process()
        ps.executableURL = URL(fileURLWithPath: "/bin/ps")
        ps.arguments = ["-A", "-o", "pid=,stat=,args="]
        let pipe = Pipe()
        ps.standardOutput = pipe
        guard (try? ps.run()) != nil else { return [] }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        let listing = String(decoding: data, as: UTF8.self)
        ps.waitUntilExit()
        return listing.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: true)
            guard fields.count == 3, !fields[1].hasPrefix("Z"), fields[2].contains(prefix),
                naming.isEmpty || fields[2].contains(naming)
            else { return nil }
            return String(fields[0])
        }
        #endif
    }

    /// `--update` rewrites the mismatched line of an output block from what the example
    /// printed, keeps the matched one, and leaves every other byte of the chapter alone.
    func testUpdatePromotesWhatTheExamplePrinted() throws {
        let root = try Fixtures.buildableCopy(of: "runner", for: self)
        let chapter = root.appendingPathComponent("Chapters/08-whitespace.md")
        let before = try String(contentsOf: chapter, encoding: .utf8)
        let run = try runWorkbook(["test", "--root", root.path, "08", "--update"])
        XCTAssertEqual(run.status, 1, "the run itself failed before the update")
        XCTAssertTrue(
            run.standardOutput.contains("--update: rewrote Chapters/08-whitespace.md"),
            run.standardOutput + run.standardError)
        let after = try String(contentsOf: chapter, encoding: .utf8)
        XCTAssertEqual(
            after, before.replacingOccurrences(of: "```output\na\n", with: "```output\na  \n"))
        let again = try runWorkbook(["test", "--root", root.path, "08"])
        XCTAssertEqual(again.status, 0, again.standardOutput)
        // What CI runs next: the update regenerated the test file it made stale.
        let check = try runWorkbook(["check", "--root", root.path])
        XCTAssertEqual(check.status, 0, check.standardOutput + check.standardError)
    }

    func testRefusesOutsideAWorkbookAndWithoutChapters() throws {
        let empty = try Fixtures.temporaryWorkbook(
            ["Package.swift": Data("// swift-tools-version: 6.0\n".utf8)], for: self)
        let noChapters = try runWorkbook(["test"], in: empty)
        XCTAssertEqual(noChapters.status, 1)
        XCTAssertTrue(
            noChapters.standardError.contains("no Chapters/ folder"), noChapters.standardError)
        XCTAssertFalse(noChapters.standardOutput.contains("passed"))

        let explicit = try runWorkbook(["test", "--root", empty.path])
        XCTAssertEqual(explicit.status, 1)
        XCTAssertTrue(
            explicit.standardError.contains("no Chapters/ folder"), explicit.standardError)

        let nowhere = try runWorkbook(["list"], in: URL(fileURLWithPath: "/"))
        XCTAssertEqual(nowhere.status, 1)
        XCTAssertTrue(
            nowhere.standardError.contains("not inside a workbook"), nowhere.standardError)
    }
}
