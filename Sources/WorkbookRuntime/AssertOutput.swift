import Foundation
import OutputMatching
import WorkbookContract
import XCTest

/// Fails the current test when `actual` does not match the output block `expected`
/// (see ``OutputPattern`` for wildcards), reporting at the output block's line, and
/// records what was seen (see ``OutputCheckLog``).
package func assertOutput(
    _ actual: String, matches expected: String, file: StaticString = #filePath, line: UInt = #line
) {
    let alignment = OutputPattern(expected).alignment(with: actual)
    OutputCheckLog.record(
        OutputCheckRecord(
            file: "\(file)", line: Int(line), actual: actual, matched: alignment.isMatch))
    if !alignment.isMatch {
        XCTFail(alignment.explanation(), file: file, line: line)
    }
}

/// Fails the current test for an error an example threw, at the example's Markdown line,
/// showing what it printed before throwing.
package func reportThrown(
    _ error: any Error, printed output: String, file: StaticString = #filePath,
    line: UInt = #line
) {
    var message = "the example threw \(error)"
    if !output.isEmpty {
        let lines = OutputPattern.lines(of: output)
        message += "\nafter printing:\n" + lines.map { "  " + $0 }.joined(separator: "\n")
    }
    XCTFail(message, file: file, line: line)
}
