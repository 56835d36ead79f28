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
