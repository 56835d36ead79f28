import WorkbookContract

/// Turns how a process that ran one declared test ended into its result, failures
/// located in the chapter's Markdown. The one place a verdict is reached.
///
/// The verdict comes from the process's end and from XCTest's structured record for
/// exactly this test (``TestEventRecord``, written by the runtime's observer), never from
/// what the test printed: a test killed by a signal crashed whatever was recorded; a test
/// with no record that it finished did not pass; one never recorded as started was "declared
/// but not run". A crash's line and message come from the Swift runtime's backtrace (mapped
/// to the Markdown by `#sourceLocation`), the last thing a crashing process prints.
enum TestRunInterpreter {
    /// The result of `test` (a method of `file`'s test class): its outcome, failures and
    /// what it observed on an implementation with no recording. A test that observed
    /// something and failed in any way is failed: observations never turn a failure into a
    /// success.
    static func interpret(
        _ result: TestProcessResult, records: [TestEventRecord], test: ChapterTest,
        file: ChapterFile
    ) -> TestResult {
        let output = TestOutput(result.output)
        let observations = output.observations.map {
            BehaviorObservation(testName: test.name, record: $0)
        }
        let summary = TestEventSummary(records, testClass: file.moduleName, test: test.name)
        var (outcome, failures) = outcomeAndFailures(
            result, summary, output, test: test, file: file)
        if outcome == .passed, !observations.isEmpty {
            outcome = .observed
        }
        return TestResult(
            test: test, outcome: outcome, failures: failures, observations: observations,
            output: output, duration: result.duration)
    }

    private static func outcomeAndFailures(
        _ result: TestProcessResult, _ summary: TestEventSummary, _ output: TestOutput,
        test: ChapterTest, file: ChapterFile
    ) -> (outcome: TestOutcome, failures: [ChapterFailure]) {
        func failure(_ message: String, at line: Int) -> ChapterFailure {
            ChapterFailure(
                className: file.moduleName, testName: test.name, file: file.relativePath,
                line: line, message: message)
        }
        let own = summary.failures.map { record in
            ChapterFailure(
                className: file.moduleName, testName: test.name,
                file: record.file ?? file.relativePath, line: record.line ?? test.line,
                message: cleaned(record.message ?? "failed"))
        }
        let conformance = output.conformance
        if result.timedOut {
            let limit =
                result.timeout == result.timeout.rounded()
                ? String(Int(result.timeout)) : String(result.timeout)
            return (
                .timedOut,
                own + [
                    failure(
                        "timed out after \(limit) s; its process group was killed"
                            + explained(conformance.timeoutExplanation)
                            + tail(of: output), at: test.line)
                ]
            )
        }
        if let signal = result.signal {
            let crash = output.crash(in: file)
            let message = crash.message ?? "killed by signal \(signal)"
            return (
                .crashed,
                own + [
                    failure(
                        "crashed: \(message)" + explained(conformance.crashExplanation),
                        at: crash.line ?? test.line)
                ]
            )
        }
        let name = "\(file.moduleName).\(test.name)"
        guard summary.started else {
            let reason = "declared but not run: XCTest did not run \(name)"
            return (
                .notRun(reason: reason), [failure(reason + tail(of: output), at: test.line)]
            )
        }
        let status = result.exitStatus.map(String.init) ?? "unknown"
        if summary.finished != nil, !own.isEmpty {
            return (.failed, own)
        }
        switch summary.finished {
        case .failed?:
            return (.failed, [failure("failed", at: test.line)])
        case .passed? where result.exitStatus == 0:
            return (.passed, [])
        case .skipped? where result.exitStatus == 0:
            return (.skipped(reason: output.skipReasons.last ?? ""), [])
        case .passed?, .skipped?:
            let message = "the test process exited with status \(status) after the test finished"
            return (.crashed, [failure(message + tail(of: output), at: test.line)])
        case nil, .started?, .failure?:
            let crash = output.crash(in: file)
            let message =
                crash.message
                ?? "the test process exited with status \(status) before the test finished"
            return (
                .crashed,
                own + [
                    failure(
                        "crashed: \(message)" + explained(conformance.crashExplanation)
                            + tail(of: output),
                        at: crash.line ?? test.line)
                ]
            )
        }
    }

    /// A failure's message without XCTFail's prefix, which says nothing here.
    private static func cleaned(_ message: String) -> String {
        message.hasPrefix("failed - ") ? String(message.dropFirst("failed - ".count)) : message
    }

    /// `explanation` on lines of its own, indented; nothing when there is none.
    private static func explained(_ explanation: String?) -> String {
        guard let explanation else { return "" }
        return explanation.split(separator: "\n").map { "\n  " + $0 }.joined()
    }

    /// The last lines a process printed, indented, so a hang or a missing test can be seen.
    private static func tail(of output: TestOutput) -> String {
        guard !output.tail.isEmpty else { return "" }
        return "\n  last output:\n" + output.tail.map { "    " + $0 }.joined(separator: "\n")
    }
}
