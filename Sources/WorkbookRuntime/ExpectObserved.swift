import Foundation
import OutputMatching
import WorkbookContract
import XCTest

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Checks a behaviour that differs between Combine implementations, or may.
///
/// `recorded` says what each implementation was observed to do. On the running
/// implementation (``CombineImplementation/current``), if it has a recording, `actual` must
/// equal it: on OpenCombine this is an ordinary assertion, as it always was. If it has none
/// (Apple's Combine on a Mac, or `WORKBOOK_COMBINE=other`), nothing is asserted: what was
/// observed is reported, with every recording beside it, and `workbook test` lists it as an
/// observation instead of a pass or a failure. Any other assertion of the same test still
/// counts as usual, so an observation never hides a failure.
///
/// ```swift
/// expectObserved(received, "receive(on: DispatchQueue.main) delivers value 1", [
///     .openCombine: [1, 2],
///     .combine2019: [2],
/// ])
/// ```
///
/// Where Apple's documentation states the behaviour, assert that instead, with
/// ``assertDocumented(_:equals:_:file:line:)``.
package func expectObserved<Value: Equatable>(
    _ actual: Value, _ behavior: String, _ recorded: KeyValuePairs<CombineImplementation, Value>,
    file: StaticString = #filePath, line: UInt = #line
) {
    let current = CombineImplementation.current
    if let expected = recorded.first(where: { $0.key == current })?.value {
        XCTAssertEqual(
            actual, expected, "\(behavior) (as observed on \(current))", file: file, line: line)
        return
    }
    ObservationRecord(
        file: "\(file)", line: Int(line), behavior: behavior, implementation: "\(current)",
        observed: "\(actual)",
        recorded: recorded.map { .init(implementation: "\($0.key)", value: "\($0.value)") }
    ).report()
}

/// Asserts a behaviour Apple's documentation states, on every implementation; `citation`
/// quotes or names the page, so that a failure says what was promised and where.
package func assertDocumented<Value: Equatable>(
    _ actual: Value, equals expected: Value, _ citation: String,
    file: StaticString = #filePath, line: UInt = #line
) {
    XCTAssertEqual(actual, expected, "documented by Apple: \(citation)", file: file, line: line)
}

/// An example's output block recorded on one implementation (```` ```output
/// observed-on=opencombine ````): asserted there as any output block; elsewhere what the
/// example printed is reported as an observation (and not recorded for `--update`, so a
/// run on another implementation never rewrites the block).
package func assertOutput(
    _ actual: String, matches expected: String, observedOn recorded: CombineImplementation,
    file: StaticString = #filePath, line: UInt = #line
) {
    checkRecorded(
        actual, against: expected, recordedOn: recorded, what: "what the example printed",
        recording: "the recorded output", file: file, line: line
    ) {
        assertOutput(actual, matches: expected, file: file, line: line)
    }
}

/// What a block recorded on one implementation does: on that implementation, `assert`;
/// elsewhere, `actual` (`what`) is reported as an observation beside the block's text,
/// saying whether it matches `recording`.
func checkRecorded(
    _ actual: String, against expected: String, recordedOn recorded: CombineImplementation,
    what: String, recording: String, file: StaticString, line: UInt, assert: () -> Void
) {
    let current = CombineImplementation.current
    guard current != recorded else { return assert() }
    let matched = OutputPattern(expected).matches(actual)
    ObservationRecord(
        file: "\(file)", line: Int(line),
        behavior: what
            + (matched ? " (it matches \(recording))" : " (it differs from the recording)"),
        implementation: "\(current)", observed: actual,
        recorded: [.init(implementation: "\(recorded)", value: expected)]
    ).report()
}

extension ObservationRecord {
    /// Writes the record to standard error in one `write`, standard output flushed first.
    func report() {
        guard let data = encodedLine else { return }
        fflush(nil)
        _ = data.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    }
}
