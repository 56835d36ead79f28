/// Turns how a process that ran one declared test ended into its result, failures
/// located in the chapter's Markdown. The one place a verdict is reached.
///
/// A test never reported as started is "declared but not run"; one started but never
/// finished crashed, and the Swift runtime's backtrace (mapped to the Markdown by
/// `#sourceLocation`) gives the trapping line when it names the chapter.
package enum TestRunInterpreter {
    /// The result of `test` (a method of `file`'s test class): its outcome, failures and
    /// what it observed on an implementation with no recording. A test that observed
    /// something and failed in any way is failed: observations never turn a failure into a
    /// success.
    package static func interpret(
        _ result: TestProcessResult, test: ChapterTest, file: ChapterFile
    ) -> TestResult {
        let parser = TestOutputParser.parse(result.output)
        let observations = parser.observations.map {
            BehaviorObservation(testName: test.name, record: $0)
        }
        var (outcome, failures) = outcomeAndFailures(
            result, parser, test: test.name, file: file, line: test.line)
        if outcome == .passed, !observations.isEmpty {
            outcome = .observed
        }
        return TestResult(
            test: test, outcome: outcome, failures: failures, observations: observations,
            output: result.output, duration: result.duration)
    }

    private static func outcomeAndFailures(
        _ result: TestProcessResult, _ parser: TestOutputParser, test: String, file: ChapterFile,
        line: Int
    ) -> (outcome: TestOutcome, failures: [ChapterFailure]) {
        let name = "\(file.moduleName).\(test)"
        func failure(_ message: String, at line: Int) -> ChapterFailure {
            ChapterFailure(
                className: file.moduleName, testName: test, file: file.relativePath, line: line,
                message: message)
        }
        let own = parser.failures.filter { $0.testName == test }
        if result.timedOut {
            let limit =
                result.timeout == result.timeout.rounded()
                ? String(Int(result.timeout)) : String(result.timeout)
            return (
                .timedOut,
                own + [
                    failure(
                        "timed out after \(limit) s; its process group was killed"
                            + explained(
                                ConformanceProgress(output: result.output)
                                    .timeoutExplanation)
                            + tail(of: result.output), at: line)
                ]
            )
        }
        if parser.skipped.contains(name) {
            return (.skipped(reason: parser.skipReasons.first ?? ""), [])
        }
        if parser.passed.contains(name), result.exitStatus == 0 {
            return (.passed, [])
        }
        if parser.failed.contains(name), result.signal == nil {
            return (.failed, own)
        }
        if parser.started.contains(name) || result.signal != nil {
            let message = trapMessage(in: result.output) ?? signalDescription(result)
            let trapLine = crashLine(in: result.output, file: file) ?? line
            let explanation = ConformanceProgress(output: result.output).crashExplanation
            return (
                .crashed,
                own + [failure("crashed: \(message)" + explained(explanation), at: trapLine)]
            )
        }
        let reason = "declared but not run: XCTest did not run \(name)"
        return (.notRun(reason: reason), [failure(reason + tail(of: result.output), at: line)])
    }

    /// The runtime's own words for a trap (`Fatal error: Index out of range`).
    static func trapMessage(in output: String) -> String? {
        let markers = [
            "Fatal error:", "Precondition failed:", "Assertion failed:", "Program crashed:",
        ]
        for line in output.split(separator: "\n") {
            for marker in markers {
                if let range = line.firstRange(of: marker) {
                    return String(line[range.lowerBound...])
                }
            }
        }
        return nil
    }

    /// The first backtrace frame located in the chapter (`Chapters/05-x.md:12`).
    static func crashLine(in output: String, file: ChapterFile) -> Int? {
        guard let crash = output.firstRange(of: "crashed") ?? output.firstRange(of: "Fatal error")
        else { return nil }
        let needle = file.relativePath + ":"
        var rest = output[crash.lowerBound...]
        while let found = rest.firstRange(of: needle) {
            let digits = rest[found.upperBound...].prefix { $0.isNumber }
            if let number = Int(digits), number > 0 { return number }
            rest = rest[found.upperBound...]
        }
        return nil
    }

    private static func signalDescription(_ result: TestProcessResult) -> String {
        if let signal = result.signal { return "killed by signal \(signal)" }
        return
            "the test process exited with status \(result.exitStatus ?? -1) before the test finished"
    }

    /// `explanation` on lines of its own, indented; nothing when there is none.
    private static func explained(_ explanation: String?) -> String {
        guard let explanation else { return "" }
        return explanation.split(separator: "\n").map { "\n  " + $0 }.joined()
    }

    /// The last lines a process printed, indented, so a hang or a missing test can be seen.
    private static func tail(of output: String) -> String {
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false)
            .filter {
                !$0.hasPrefix("Test Suite ") && !$0.hasPrefix("Executed ") && !$0.isEmpty
                    && !ConformanceProgress.isTrace($0)
            }
            .suffix(5)
        guard !lines.isEmpty else { return "" }
        return "\n  last output:\n" + lines.map { "    " + $0 }.joined(separator: "\n")
    }
}
