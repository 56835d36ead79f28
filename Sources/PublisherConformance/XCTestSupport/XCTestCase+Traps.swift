import Foundation
import XCTest

extension XCTestCase {
    /// Asserts that `body` stops the program, as a `precondition` that does not hold must
    /// (`CustomDemandSink(demand: -1, ...)`, say). A trap would end the test run itself, so
    /// `body` runs in a child process: this test, run again with `violation` named in its
    /// environment, in which this call runs `body` and reports whether it returned. In the
    /// parent the test fails if the child survived, and is skipped where no child process
    /// can be started (see ``RequestNoneProbe``).
    ///
    /// `violation` names the call among several in one test; `function` must be the test
    /// method (the default), which the child runs.
    public func assertTraps(
        _ violation: String, function: String = #function, file: StaticString = #filePath,
        line: UInt = #line, _ body: () -> Void
    ) throws {
        let outcome = try trapOutcome(
            violation, function: function, file: file, line: line, body)
        if outcome == Self.survived {
            XCTFail(
                "\(violation) did not stop the program: a precondition is missing", file: file,
                line: line)
        }
    }

    /// What `body` does to the program, run in a child process as ``assertTraps`` runs it:
    /// `"trap"` when it stopped the program, `"survived"` when it returned. For a behaviour
    /// that differs between implementations, recorded per implementation with
    /// `expectObserved`. A child that failed in some other way fails the test (the result is
    /// then `"failed"`); where no child process can be started the test is skipped.
    public func trapOutcome(
        _ violation: String, function: String = #function, file: StaticString = #filePath,
        line: UInt = #line, _ body: () -> Void
    ) throws -> String {
        if let requested = RequestNoneProbe.requestedTarget {
            // The child: commit only the violation it was started for.
            guard requested == violation else { return "" }
            FileHandle.standardOutput.write(Data("\(RequestNoneProbe.attemptMarker)\n".utf8))
            body()
            // What the probe reads as "survived, delivering as expected".
            let survived = "\(RequestNoneProbe.survivedMarker) values: 1 violations: 0\n"
            FileHandle.standardOutput.write(Data(survived.utf8))
            _exit(0)
        }
        let method = function.hasSuffix("()") ? String(function.dropLast(2)) : function
        let test = "\(String(reflecting: type(of: self)))/\(method)"
        let outcome = RequestNoneProbe.runChild(target: violation, testIdentifier: test)
        switch outcome {
        case .notApplicable(let reason):
            throw XCTSkip("\(violation): cannot check a trap here (\(reason))")
        case .observed("trap"):
            return Self.trapped
        case .observed("ignore"):
            return Self.survived
        case .fail(let text) where Self.isTrap(text):
            return Self.trapped
        default:
            XCTFail(
                "\(violation): the child process did not run as expected: \(outcome)", file: file,
                line: line)
            return "failed"
        }
    }

    /// ``trapOutcome(_:function:file:line:_:)`` for a call that stopped the program.
    private static var trapped: String { "trap" }
    /// ``trapOutcome(_:function:file:line:_:)`` for a call that returned.
    private static var survived: String { "survived" }

    /// A child that died of the signal a Swift trap raises: SIGILL on x86-64, SIGTRAP on
    /// arm64. The probe reads only a trap that prints `Fatal error` as one (a failed
    /// `precondition` prints `Precondition failed`), and reports any other death as a
    /// failure worded `ended with signal N`, which is what this reads.
    private static func isTrap(_ text: String) -> Bool {
        [SIGILL, SIGTRAP].contains { text.contains("ended with signal \($0):") }
    }
}
