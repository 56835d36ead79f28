import CustomCombine
import Foundation
import PublisherConformance
import XCTest

/// What a learner reads: each broken rule once, with its first failing scenario and a short
/// history, a count of the other scenarios, the headlines again at the end; everything with
/// `--verbose`; and, on standard error, the scenario about to run, so that a crash or a hang
/// in the learner's code can be attributed to it.
final class ConformanceMessageTests: XCTestCase {
    private static let ignoresDemand = PublisherConformanceRunner(
        FixtureCatalog.flawed(.ignoresDemand, name: "ignores demand"), rounds: 5
    ).run()

    /// Before issue 21 a subject that ignores demand filled 1,864-2,060 lines: rule 2 once
    /// per scenario and stress round, each with a 60-line history.
    func testEachBrokenRuleIsShownOnceWithItsFirstScenario() {
        let report = Self.ignoresDemand
        let details = report.details(of: .demandBound, verbose: false)
        let lines = details.split(separator: "\n")
        XCTAssertEqual(
            lines.first.map(String.init),
            "ignores demand sent a value nobody asked for, or held back one that was asked for "
                + "(see Chapters/12-demand.md, "
                + "'A subject drops what nobody asked for')")
        XCTAssertEqual(
            lines.filter { $0.hasPrefix("R2 demand-bound failed in scenario") }.count, 1, details)
        let scenarios = Set(report.failures.filter { $0.rule == .demandBound }.map(\.scenario))
        XCTAssertGreaterThan(scenarios.count, 1, "the fixture breaks rule 2 in many scenarios")
        XCTAssertEqual(
            lines.last.map(String.init),
            "R2 demand-bound broke in \(scenarios.count - 1) more scenarios (--verbose shows them)")
        XCTAssertLessThanOrEqual(lines.count, 26, details)
    }

    func testVerboseShowsEveryScenarioInFull() {
        let report = Self.ignoresDemand
        let details = report.details(of: .demandBound, verbose: true)
        let failures = report.failures.filter { $0.rule == .demandBound }
        XCTAssertEqual(
            details.components(separatedBy: "R2 demand-bound failed in scenario").count - 1,
            failures.count)
        XCTAssertFalse(details.contains("--verbose shows them"))
        XCTAssertEqual(ConformanceEnvironment.verboseKey, "WORKBOOK_VERBOSE")
    }

    func testTheHeadlinesAreRepeatedAtTheEnd() throws {
        let summary = try XCTUnwrap(Self.ignoresDemand.summary(chapter: 3))
        let lines = summary.split(separator: "\n").map(String.init)
        XCTAssertEqual(
            lines[0],
            "ignores demand broke \(Self.ignoresDemand.failedRules.count) rules of the contract:")
        XCTAssertTrue(
            lines.contains(
                "  R2 demand-bound: sent a value nobody asked for, or held back one that was "
                    + "asked for (see "
                    + "Chapters/02-subscription-behavior.md, 'Testing the defaults one by one')"),
            summary)
        XCTAssertFalse(summary.contains("12-demand"), "chapter 3 is pointed at chapter 2")
        XCTAssertNil(
            PublisherConformanceRunner(FixtureCatalog.flawed([], name: "clean"), rounds: 1).run()
                .summary())
    }

    /// A long ledger is cut to about 20 lines around the first violation, and says how many
    /// lines it left out on each side.
    func testAHistoryShowsTheLinesAroundTheFirstViolation() {
        var lines = (1...100).map { "receive(\($0))" }
        lines.insert("!! R2 demand-bound: value #50 exceeds cumulative demand max(49)", at: 50)
        let history = ScenarioFailure.History(label: "long", lines: lines)
        let rendered = history.rendered(limit: 20).split(separator: "\n").map(String.init)
        XCTAssertEqual(rendered.first, "history of long (101 signals):")
        XCTAssertTrue(
            rendered.contains(
                "  51. !! R2 demand-bound: value #50 exceeds cumulative demand max(49)"))
        XCTAssertTrue(rendered.contains { $0.hasSuffix("earlier signals") }, "\(rendered)")
        XCTAssertTrue(rendered.contains { $0.hasSuffix("later signals") }, "\(rendered)")
        XCTAssertEqual(rendered.count, 1 + 20 + 2)
        let short = ScenarioFailure.History(label: "short", lines: ["a", "b"]).rendered(limit: 20)
        XCTAssertEqual(short, "history of short (2 signals):\n  1. a\n  2. b")
    }

    /// Each scenario is announced on standard error before it runs, once for all its
    /// rounds, in the format the workbook's runner reads after a crash or a timeout; the end
    /// of the run is announced too, so a hang after it is not blamed on the kit.
    func testEveryScenarioIsAnnouncedOnStandardErrorBeforeItRuns() throws {
        let harness = FixtureCatalog.flawed([], name: "announced")
        let output = try capturingStandardError {
            _ = PublisherConformanceRunner(harness, rounds: 3).run(only: [
                .serialDelivery, .reentrancy,
            ])
        }
        let announcements = output.split(separator: "\n").filter {
            $0.hasPrefix(ScenarioTrace.prefix)
        }.map(String.init)
        XCTAssertEqual(
            announcements,
            [
                "[conformance] announced: checking R8 re-entrancy, scenario 'request inside receive(subscription:)'",
                "[conformance] announced: checking R8 re-entrancy, scenario 'request inside receive(_:)'",
                "[conformance] announced: checking R8 re-entrancy, scenario 'cancel inside receive(_:)'",
                "[conformance] announced: checking R8 re-entrancy, scenario 'send from inside its own sink'",
                "[conformance] announced: checking R8 re-entrancy, scenario 'send a burst of five from inside its own sink'",
                "[conformance] announced: checking R9 serial-delivery, scenario 'concurrent sends'",
                "[conformance] announced: finished",
            ])
    }

    /// Runs `body` with file descriptor 2 sent into a pipe, and returns what was written.
    private func capturingStandardError(_ body: () -> Void) throws -> String {
        let pipe = Pipe()
        let saved = dup(2)
        XCTAssertGreaterThanOrEqual(saved, 0)
        dup2(pipe.fileHandleForWriting.fileDescriptor, 2)
        body()
        dup2(saved, 2)
        close(saved)
        try pipe.fileHandleForWriting.close()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        return String(decoding: data, as: UTF8.self)
    }
}
