import Foundation
import WorkbookContract
import XCTest

@testable import WorkbookEngine

/// The JUnit report against the schema CI dashboards read (Jenkins' junit-10.xsd), and the
/// schema check itself seen rejecting what the report used to write.
final class JUnitReportTests: XCTestCase {
    private func write(_ xml: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("junit-\(UUID().uuidString).xml")
        try xml.write(to: url, atomically: true, encoding: .utf8)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }

    func testEveryOutcomeRendersValidJUnit() throws {
        let file = try ChapterFile(fileName: "05-x.md")
        let tests = ["testA", "testB", "testC", "testD", "testE", "testF"].enumerated().map {
            ChapterTest(name: $1, line: 10 * ($0 + 1))
        }
        func failure(_ test: Int, _ message: String) -> ChapterFailure {
            ChapterFailure(
                className: file.moduleName, testName: tests[test].name, file: file.relativePath,
                line: tests[test].line, message: message)
        }
        var report = ChapterReport(file: file, declared: tests)
        report.results = [
            TestResult(
                test: tests[0], outcome: .passed,
                output: TestOutput("Test Case 'x' started\n<printed & \"q\">"),
                duration: 1.5),
            TestResult(
                test: tests[1], outcome: .failed, failures: [failure(1, "XCTAssertEqual failed")]),
            TestResult(test: tests[2], outcome: .crashed, failures: [failure(2, "crashed: trap")]),
            TestResult(test: tests[3], outcome: .timedOut, failures: [failure(3, "timed out")]),
            TestResult(test: tests[4], outcome: .skipped(reason: "not here")),
            TestResult(
                test: tests[5], outcome: .notRun(reason: "never"), failures: [failure(5, "never")]),
        ]
        var broken = ChapterReport(
            file: try ChapterFile(fileName: "06-y.md"),
            declared: [ChapterTest(name: "testG", line: 4)])
        broken.notRunReason = "does not compile (1 error(s))"
        broken.buildErrors = ["Chapters/06-y.md:5:1: error: nope \u{1}\u{FFFE}\u{FFFF}\u{1B}"]
        let xml = JUnitReport.render([report, broken])
        try JUnitSchema.assertValidIfPossible(try write(xml))
        XCTAssertTrue(
            xml.contains(
                #"<testsuites name="workbook" tests="7" failures="1" errors="4" time="1.500">"#),
            xml)
        XCTAssertTrue(
            xml.contains(#"<system-out>&lt;printed &amp; &quot;q&quot;&gt;</system-out>"#), xml)
        XCTAssertTrue(
            xml.contains(
                #"<failure message="XCTAssertEqual failed" type="failed">Chapters/05-x.md:20: "#),
            xml)
        XCTAssertTrue(xml.contains(#"<error message="crashed: trap" type="crashed">"#), xml)
        XCTAssertTrue(xml.contains(#"<error message="timed out" type="timedOut">"#), xml)
        XCTAssertTrue(xml.contains(#"<skipped message="not here"/>"#), xml)
        XCTAssertTrue(
            xml.contains(
                "type=\"notCompiled\">Chapters/06-y.md:5:1: error: nope \u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}</error>"
            ), xml)
        _ = try JUnitSchema.requireXMLLint()  // says so when the schema went unchecked
    }

    /// An observed test (issue 30) is no pass: its own test case says what it observed, as
    /// the `skipped` element with a reason that JUnit viewers show (the schema has no
    /// properties on a test case), and its suite counts it among the skipped.
    func testAnObservedTestIsSkippedWithItsObservationAndCounted() throws {
        let file = try ChapterFile(fileName: "07-x.md")
        let tests = [ChapterTest(name: "testA", line: 3), ChapterTest(name: "testB", line: 9)]
        let record = ObservationRecord(
            file: "Chapters/07-x.md", line: 12, behavior: "print's demand line",
            implementation: "Apple's Combine", observed: "request unlimited",
            recorded: [.init(implementation: "OpenCombine", value: "request max: (1)")])
        var report = ChapterReport(file: file, declared: tests)
        report.results = [
            TestResult(test: tests[0], outcome: .passed),
            TestResult(
                test: tests[1], outcome: .observed,
                observations: [BehaviorObservation(testName: "testB", record: record)]),
        ]
        let xml = JUnitReport.render([report])
        try JUnitSchema.assertValidIfPossible(try write(xml))
        XCTAssertTrue(
            xml.contains(
                #"<testsuite name="Chapter07Tests" tests="2" failures="0" errors="0" skipped="1""#),
            xml)
        XCTAssertTrue(
            xml.contains(
                #"""
                    <testcase classname="Chapter07Tests" name="testB" time="0.000">
                      <skipped message="observed, not checked: print&apos;s demand line on Apple&apos;s Combine (Chapters/07-x.md:12)"/>
                """#.replacingOccurrences(of: "&apos;", with: "'")), xml)
        XCTAssertTrue(
            xml.contains(
                #"""
                    <testcase classname="Chapter07Tests" name="testA" time="0.000">
                    </testcase>
                """#), "a pass has no element: \(xml)")
        _ = try JUnitSchema.requireXMLLint()
    }

    /// The check is live: a test case with `file` and `line` (as the report once wrote) and a
    /// `skipped` count on the root are not JUnit as the schema defines it.
    func testTheKitsTraceStaysOutOfSystemOutAndItsNotesStay() throws {
        let file = try ChapterFile(fileName: "03-x.md")
        let test = ChapterTest(name: "testConformance", line: 7)
        var report = ChapterReport(file: file, declared: [test])
        let trace = ConformanceTrace(subject: "CustomSubject", rule: "R1", scenario: "s").line
        report.results = [
            TestResult(
                test: test, outcome: .passed,
                output: TestOutput(
                    [
                        "printed by the test", trace,
                        ConformanceTrace.prefix + "CustomSubject: R1 race needs Linux",
                        ConformanceTrace.finishedLine(subject: "CustomSubject"),
                    ].joined(separator: "\n")))
        ]
        let xml = JUnitReport.render([report])
        XCTAssertTrue(
            xml.contains(
                "<system-out>printed by the test&#10;conformance kit: CustomSubject: R1 race needs Linux</system-out>"
            ), xml)
        XCTAssertFalse(xml.contains(ConformanceTrace.prefix), xml)
    }

    func testTheSchemaRejectsWhatTheSchemaDoesNotAllow() throws {
        let xmllint = try JUnitSchema.requireXMLLint()
        for invalid in [
            #"<testsuites><testsuite name="s" tests="1" failures="0" errors="0"><testcase name="t" file="Chapters/01-x.md" line="3"/></testsuite></testsuites>"#,
            #"<testsuites skipped="0"><testsuite name="s" tests="0" failures="0" errors="0"/></testsuites>"#,
            #"<testsuites><testsuite name="s" tests="1" failures="0" errors="0" time="0,5"/></testsuites>"#,
        ] {
            let process = Process()
            process.executableURL = xmllint
            process.arguments = [
                "--noout", "--schema", JUnitSchema.url.path, try write(invalid).path,
            ]
            process.standardError = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            XCTAssertNotEqual(process.terminationStatus, 0, invalid)
        }
    }
}
