import Foundation
import XCTest

@testable import WorkbookEngine

/// Chapter 00 shows two reports copied from real runs of `workbook test 00`: one with the
/// last line of the "Examples print" output block broken, one with `WORKBOOK_COMBINE=other`.
/// A report names counts and Markdown lines, which any edit of the chapter moves; this checks
/// both samples against the chapter as it is, so that a test added, a block moved or an
/// observation added fails here instead of leaving a sample that no run prints (issue 33).
final class ChapterZeroSampleTests: XCTestCase {
    /// What a sample report claims: its table row, its totals and its `file:line: test:` lines.
    struct Sample: Equatable {
        var row: [Int]
        var totals: [Int]
        var locations: [String]
    }

    /// The samples of `text`: each ```` ```text ```` block that starts with the report's
    /// table header, as its lines.
    static func samples(in text: String) -> [[String]] {
        var samples: [[String]] = []
        var current: [String]?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line == "```text" {
                current = []
            } else if line == "```", let lines = current {
                if lines.first?.hasPrefix("Chapter  ") == true { samples.append(lines) }
                current = nil
            } else if current != nil {
                current?.append(String(line))
            }
        }
        return samples
    }

    /// The lines of every ```` ```text ```` block of `text`, each with the prose between the
    /// block before it and this one, its lines joined with spaces as Markdown reads them.
    static func textBlockLines(in text: String) -> [(line: String, prose: String)] {
        var lines: [(line: String, prose: String)] = []
        var prose: [Substring] = []
        var inside = false
        var fenced = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if !inside, !fenced, line == "```text" {
                inside = true
            } else if inside, line == "```" {
                inside = false
                prose = []
            } else if inside {
                lines.append((String(line), prose.joined(separator: " ")))
            } else if line.hasPrefix("```") {
                fenced.toggle()
                prose = []
            } else if !fenced {
                prose.append(line)
            }
        }
        return lines
    }

    /// The call the prose before a sample names as the line it reports: the code span of its
    /// "(here `CALL`)", with a trailing `...)` cut to the call's opening, or nil.
    static func namedCall(in prose: String) -> String? {
        guard let start = prose.range(of: "(here `"),
            let end = prose[start.upperBound...].range(of: "`)")
        else { return nil }
        let call = prose[start.upperBound..<end.lowerBound]
        return String(call.hasSuffix("...)") ? call.dropLast(4) : call)
    }

    /// The claims of a sample's `lines` about `chapter`.
    static func claims(of lines: [String], chapter: ChapterFile) -> Sample {
        func numbers(_ line: String) -> [Int] {
            line.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
        }
        let row = lines.first { $0.hasPrefix(chapter.fileName + " ") }.map {
            numbers(String($0.dropFirst(chapter.fileName.count)))
        }
        let prefix = chapter.relativePath + ":"
        return Sample(
            row: row ?? [], totals: lines.last.map(numbers) ?? [],
            locations: lines.filter { $0.hasPrefix(prefix) }.map {
                $0.dropFirst(prefix.count).split(separator: ":").prefix(2).joined(separator: ":")
            })
    }

    /// The Markdown lines where `chapter` observes on an implementation with no recording:
    /// each `expectObserved(` call, and each output block recorded on one implementation, as
    /// `LINE: testName`, in order.
    static func observationLines(in chapter: Chapter) -> [String] {
        var found: [(Int, String)] = []
        for unit in chapter.units {
            switch unit.kind {
            case .tests(let tests):
                for block in unit.parts {
                    let lines = block.code.split(separator: "\n", omittingEmptySubsequences: false)
                    for (offset, line) in lines.enumerated() where line.contains("expectObserved(")
                    {
                        let at = block.codeLine + offset
                        if let test = tests.last(where: { $0.line <= at }) {
                            found.append((at, test.name))
                        }
                    }
                }
            case .example(let test, let outputs):
                for output in outputs where output.observedOn != nil {
                    found.append((output.fenceLine, test.name))
                }
            case .declarations: break
            }
        }
        return found.sorted { $0.0 < $1.0 }.map { "\($0.0): \($0.1)" }
    }

    func testChapterZerosSampleReportsMatchTheChapter() throws {
        let chapters = try WorkbookLoader(root: Fixtures.repository).chapters()
        let chapter = try XCTUnwrap(chapters.first { $0.file.number == "00" })
        let text = try String(
            contentsOf: Fixtures.repository.appendingPathComponent(chapter.file.relativePath),
            encoding: .utf8)
        let samples = Self.samples(in: text)
        XCTAssertEqual(samples.count, 2, "chapter 00's two sample reports were not found")
        guard samples.count == 2 else { return }
        let declared = chapter.tests.count

        // A broken last line of "Examples print": one failure, at its output block.
        let broken = try XCTUnwrap(
            chapter.units.lazy.compactMap { unit -> (ChapterTest, OutputBlock)? in
                guard case .example(let test, let outputs) = unit.kind,
                    test.name == "test_examples_print", let output = outputs.first
                else { return nil }
                return (test, output)
            }.first)
        XCTAssertEqual(
            Self.claims(of: samples[0], chapter: chapter.file),
            Sample(
                row: [declared - 1, 1, 0], totals: [declared - 1, 1, 0],
                locations: ["\(broken.1.fenceLine): \(broken.0.name)"]))
        let expectedLines = broken.1.text.split(separator: "\n").map(String.init)
        XCTAssertEqual(expectedLines.last, "received 3", "the sample breaks this line")
        let context = samples[0].filter { $0.hasPrefix(" ") && !$0.hasPrefix("  ") }.map {
            String($0.dropFirst())
        }
        let literal = expectedLines.dropLast().filter { !$0.contains("...") }
        XCTAssertEqual(
            context.filter { literal.contains($0) }, literal,
            "the sample's diff does not show the output block's lines")

        // WORKBOOK_COMBINE=other: every recorded behaviour is an observation.
        let observations = Self.observationLines(in: chapter)
        XCTAssertFalse(observations.isEmpty)
        let observedTests = Set(observations.compactMap { $0.split(separator: " ").last }).count
        XCTAssertEqual(
            Self.claims(of: samples[1], chapter: chapter.file),
            Sample(
                row: [declared - observedTests, 0, 0, observedTests],
                totals: [declared - observedTests, 0, 0, observedTests],
                locations: observations))
    }

    /// Chapter 00's samples from other chapters (a crash in a starter, the conformance kit's
    /// report), copied from `workbook test 03 --mine` runs, name a test of that chapter at a
    /// line: the line must still be in that test's code, and a starter's "not written yet"
    /// must name the section its `unwritten(...)` names and be followed by the line of the
    /// reader's file it stopped in, as `TestRunInterpreter` reports it.
    func testChapterZerosSamplesFromOtherChaptersPointIntoTheirTests() throws {
        let chapters = try WorkbookLoader(root: Fixtures.repository).chapters()
        let text = try String(
            contentsOf: Fixtures.repository.appendingPathComponent(
                "Chapters/00-how-to-use-this-workbook.md"), encoding: .utf8)
        let pattern = try NSRegularExpression(
            pattern: #"^Chapters/([0-9]{2})-[^:]+\.md:([0-9]+): (\w+): "#)
        var checked = 0
        let blockLines = Self.textBlockLines(in: text)
        let lines = blockLines.map(\.line)
        let markdown = try chapters.reduce(into: [String: [Substring]]()) { texts, chapter in
            texts[chapter.file.number] = try String(
                contentsOf: Fixtures.repository.appendingPathComponent(chapter.file.relativePath),
                encoding: .utf8
            ).split(separator: "\n", omittingEmptySubsequences: false)
        }
        for (index, (line, prose)) in blockLines.enumerated() {
            let range = NSRange(line.startIndex..., in: line)
            guard let match = pattern.firstMatch(in: line, range: range),
                let number = Range(match.range(at: 1), in: line).map({ String(line[$0]) }),
                number != "00",
                let at = Range(match.range(at: 2), in: line).flatMap({ Int(line[$0]) }),
                let name = Range(match.range(at: 3), in: line).map({ String(line[$0]) })
            else { continue }
            checked += 1
            let chapter = try XCTUnwrap(chapters.first { $0.file.number == number }, line)
            let unit = try XCTUnwrap(
                chapter.units.first { $0.testNames.contains(name) }, "no test \(name): \(line)")
            let spans = unit.parts.map { block in
                block.codeLine..<(block.codeLine + block.code.count { $0 == "\n" })
            }
            XCTAssertTrue(
                spans.contains { $0.contains(at) },
                "line \(at) is not in \(name)'s code (\(spans)); rerun and copy: \(line)")
            let call = try XCTUnwrap(
                Self.namedCall(in: prose),
                "the prose before a sample names its line's call as (here `CALL`): \(line)")
            let named = markdown[number].flatMap { $0.indices.contains(at - 1) ? $0[at - 1] : nil }
            XCTAssertTrue(
                named?.contains(call) == true,
                "line \(at) is not the `\(call)` the prose names (\(named ?? "")); rerun and copy: \(line)"
            )
            if let written = line.range(of: "not written yet: ") {
                let next = lines.indices.contains(index + 1) ? lines[index + 1] : ""
                XCTAssertTrue(
                    next.hasPrefix("  in your code at Workbench/Chapter\(number)/"),
                    "a crash in a starter names the reader's line next; rerun and copy: \(line)")
                let rest = line[written.upperBound...]
                let parts = rest.components(separatedBy: "; see ")
                XCTAssertEqual(parts.count, 2, line)
                let starters = try FileManager.default.subpathsOfDirectory(
                    atPath: Fixtures.repository.appendingPathComponent("Exercises").path
                ).filter { $0.hasSuffix(".swift") }.map {
                    try String(
                        contentsOf: Fixtures.repository.appendingPathComponent("Exercises/\($0)"),
                        encoding: .utf8
                    )
                }
                let call = try NSRegularExpression(
                    pattern: #"unwritten\(\s*""# + NSRegularExpression.escapedPattern(for: parts[0])
                        + #"",\s*see:\s*""#
                        + NSRegularExpression.escapedPattern(for: parts.last ?? "") + #""\)"#)
                XCTAssertTrue(
                    starters.contains {
                        call.firstMatch(in: $0, range: NSRange($0.startIndex..., in: $0)) != nil
                    }, "no starter's unwritten(...) says: \(rest)")
            }
        }
        XCTAssertGreaterThan(checked, 1, "chapter 00's samples from chapter 3 were not found")
    }
}
