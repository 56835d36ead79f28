import OutputMatching
import WorkbookContract
import XCTest

/// Fails the current test when the diagram a `Timeline` (WorkbookTimelines) recorded does not match the
/// ```` ```marble ```` block `expected`, reporting at the block's line with the lanes that
/// differ, expected (`-`) above recorded (`+`); and records what was seen, as an output check
/// does, so that `workbook test --update` can promote it.
package func assertDiagram(
    _ diagram: String, matches expected: String, file: StaticString = #filePath,
    line: UInt = #line
) {
    let alignment = OutputPattern(expected).alignment(with: diagram)
    OutputCheckLog.record(
        OutputCheckRecord(
            file: "\(file)", line: Int(line), actual: diagram, matched: alignment.isMatch))
    if !alignment.isMatch {
        let lanes = alignment.unifiedDiff().dropFirst(3)  // the lanes, without the diff header
        XCTFail(
            (["the recorded timeline does not match the marble block, lane by lane:"] + lanes)
                .joined(separator: "\n"), file: file, line: line)
    }
}

/// A marble block recorded on one implementation (```` ```marble observed-on=opencombine
/// ````): asserted there as any marble block; elsewhere the recorded diagram is reported as
/// an observation, as an output block's is (and not recorded for `--update`).
package func assertDiagram(
    _ diagram: String, matches expected: String, observedOn recorded: CombineImplementation,
    file: StaticString = #filePath, line: UInt = #line
) {
    checkRecorded(
        diagram, against: expected, recordedOn: recorded,
        what: "the diagram the example recorded", recording: "the marble block", file: file,
        line: line
    ) {
        assertDiagram(diagram, matches: expected, file: file, line: line)
    }
}
