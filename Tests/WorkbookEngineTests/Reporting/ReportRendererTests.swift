import WorkbookContract
import XCTest

@testable import WorkbookEngine

/// The table and totals, with and without observations: a run that observed nothing prints
/// exactly the three columns and the three totals it always did.
final class ReportRendererTests: XCTestCase {
    private func report(observing: Bool) throws -> ChapterReport {
        let tests = [ChapterTest(name: "testA", line: 130), ChapterTest(name: "testB", line: 138)]
        var report = ChapterReport(
            file: try ChapterFile(fileName: "13-scheduling.md"), declared: tests)
        report.results = [
            TestResult(test: tests[0], outcome: .passed),
            TestResult(test: tests[1], outcome: observing ? .observed : .passed),
        ]
        if observing {
            report.results[1].observations = [
                BehaviorObservation(
                    testName: "testB",
                    record: ObservationRecord(
                        file: "Chapters/13-scheduling.md", line: 140,
                        behavior: "both values arrive",
                        implementation: "Apple's Combine (this Mac)", observed: "[2]",
                        recorded: [
                            .init(implementation: "OpenCombine 0.14 (Linux)", value: "[1, 2]")
                        ]))
            ]
        }
        return report
    }

    func testWithoutObservationsTheReportIsUnchanged() throws {
        XCTAssertEqual(
            ReportRenderer.render([try report(observing: false)]),
            """
            Chapter           Passed  Failed  Skipped
            -----------------------------------------
            13-scheduling.md       2       0        0
            2 passed, 0 failed, 0 skipped

            """)
    }

    func testObservationsHaveAColumnAListAndATotal() throws {
        let text = ReportRenderer.render([try report(observing: true)])
        XCTAssertEqual(
            text,
            """
            Chapter           Passed  Failed  Skipped  Observed
            ---------------------------------------------------
            13-scheduling.md       1       0        0         1

            Observed, not asserted (no recording for this implementation; not a failure):
            Chapters/13-scheduling.md:140: testB: observed: both values arrive
                on Apple's Combine (this Mac): [2]
                recorded on OpenCombine 0.14 (Linux): [1, 2]

            1 passed, 0 failed, 0 skipped, 1 observed

            """)
        XCTAssertTrue(try report(observing: true).succeeded)
    }

    func testJUnitMarksAnObservedTestAsAPassWithAProperty() throws {
        let xml = JUnitReport.render([try report(observing: true)])
        XCTAssertTrue(
            xml.contains(
                #"<property name="observed" value="testB: both values arrive on Apple's Combine (this Mac): [2]"/>"#
            ), xml)
        XCTAssertTrue(xml.contains("<system-out>Chapters/13-scheduling.md:140: observed:"), xml)
        XCTAssertFalse(xml.contains("<failure"), xml)
    }
}
