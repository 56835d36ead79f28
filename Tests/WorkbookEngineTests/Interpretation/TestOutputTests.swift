import XCTest

@testable import WorkbookEngine

final class TestOutputTests: XCTestCase {
    /// Only what is shown is read from the text: a skip's reason and the runtime's
    /// observations. What XCTest's lines say about passing or failing is not read at all.
    func testReadsSkipReasonsAndObservationsOnly() {
        let output = TestOutput(
            """
            Test Case '-[Chapter05Tests.Chapter05Tests testC]' started.
            /w/Chapters/05-x.md:11: -[Chapter05Tests.Chapter05Tests testC] : Test skipped - not here
            /x/Chapters/05-x.md:12: Chapter05Tests.testD : Test skipped
            workbook-observation: {"file":"Chapters/05-x.md","line":12,"behavior":"b","implementation":"i","observed":"[1]","recorded":[]}
            Test Case '-[Chapter05Tests.Chapter05Tests testC]' skipped (0.000 seconds).
            """)
        XCTAssertEqual(output.skipReasons, ["not here", ""])
        XCTAssertEqual(output.observations.map(\.observed), ["[1]"])
    }

    /// One reading serves every consumer: what the test printed (for JUnit), the last lines
    /// (for a hang), the kit's notes (for the command line) and its last scenario (for a
    /// crash or a hang), the kit's trace never counted as printed.
    func testOneReadingServesEveryConsumer() {
        let trace = ConformanceTraceLines.self
        let output = TestOutput(
            [
                "Test Suite 'Selected tests' started", "Test Case 'A.test' started",
                "hello", trace.note, trace.announcement, trace.note, "", "world",
                "Test Case 'A.test' passed (0.001 seconds)", "Executed 1 test",
            ].joined(separator: "\n"))
        XCTAssertEqual(output.printed, "hello\n\nworld")
        XCTAssertEqual(
            output.tail,
            [
                "Test Case 'A.test' started", "hello", "world",
                "Test Case 'A.test' passed (0.001 seconds)",
            ])
        XCTAssertEqual(output.conformanceNotes, ["S: a note"])
        XCTAssertEqual(output.conformance.lastAnnouncement?.scenario, "sc")
    }

    /// The kit's progress comes from the same reading of its trace as its notes: a note
    /// leaves the scenario running, the end of the kit's run leaves none (nor is a note).
    func testTheKitsProgressIsReadWithItsNotes() {
        let trace = ConformanceTraceLines.self
        let running = TestOutput([trace.announcement, trace.note].joined(separator: "\n"))
        XCTAssertEqual(running.conformance.lastAnnouncement?.rule, "R1 rule")
        XCTAssertEqual(running.conformanceNotes, ["S: a note"])
        let finished = TestOutput(
            [trace.announcement, trace.finished, trace.note].joined(separator: "\n"))
        XCTAssertNil(finished.conformance.lastAnnouncement)
        XCTAssertNil(finished.conformance.timeoutExplanation)
        XCTAssertEqual(finished.conformanceNotes, ["S: a note"], "the end of a run is no note")
    }
}

/// Lines of the conformance kit's trace.
private enum ConformanceTraceLines {
    static let note = "[conformance] S: a note"
    static let announcement = "[conformance] S: checking R1 rule, scenario 'sc'"
    static let finished = "[conformance] S: finished"
}
