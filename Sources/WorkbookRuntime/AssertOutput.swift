import XCTest

/// Fails the current test when `actual` does not match the output block `expected`
/// (see ``OutputPattern`` for wildcards), reporting at the output block's line.
public func assertOutput(
    _ actual: String, matches expected: String, file: StaticString = #filePath, line: UInt = #line
) {
    let pattern = OutputPattern(expected)
    if !pattern.matches(actual) {
        XCTFail(pattern.explainMismatch(actual), file: file, line: line)
    }
}
