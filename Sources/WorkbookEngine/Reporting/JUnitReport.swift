import Foundation

/// Renders chapter reports as JUnit XML, valid against the schema Jenkins' xUnit plugin
/// publishes (`junit-10.xsd`; GitLab reads the same elements): one `testsuite` per chapter
/// (its `file` the chapter), one `testcase` per declared test with the wall time of its
/// process. A failed assertion is a `failure`; a crash, a time limit, a test never run and a
/// chapter that does not compile are `error`s, as JUnit means them: the test could not be
/// judged. Each failure's text is located at its Markdown line. What the test printed is its
/// `system-out`. A test that observed a behaviour with no recording was not fully checked,
/// so it is not shown as a pass: its test case is `skipped`, with the observation as the
/// reason, and its suite counts it among the skipped. That is the one element the schema
/// allows on a test case that JUnit viewers (Jenkins, GitLab) mark on the test itself, not
/// as a pass, with the message as the reason where they show one; the schema has no
/// `properties` on a test case. The observation is also in the test's `system-out` and in
/// its suite's `properties`.
enum JUnitReport {
    /// The XML document.
    static func render(_ reports: [ChapterReport]) -> String {
        var lines = [#"<?xml version="1.0" encoding="UTF-8"?>"#]
        let total = reports.map(\.declared.count).reduce(0, +)
        let failures = reports.map(\.assertionFailureCount).reduce(0, +)
        let errors = reports.map(\.errorCount).reduce(0, +)
        let time = seconds(reports.map(\.duration).reduce(0, +))
        lines.append(
            #"<testsuites name="workbook" tests="\#(total)" failures="\#(failures)" errors="\#(errors)" time="\#(time)">"#
        )
        for report in reports {
            lines += suite(report)
        }
        lines.append("</testsuites>")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The document for a run that stopped before any test ran (the chapters are invalid,
    /// the build failed): one `workbook` test in error, saying why, so a CI dashboard never
    /// reads the previous run's report as this one's. `kind` is a word for why (JUnit's
    /// `type`), `details` everything said about it.
    static func render(stoppedBy kind: String, details: String) -> String {
        let details = details.trimmingCharacters(in: .whitespacesAndNewlines)
        let message = details.split(separator: "\n").first.map(String.init) ?? kind
        return [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            #"<testsuites name="workbook" tests="1" failures="0" errors="1" time="0.000">"#,
            #"  <testsuite name="workbook" tests="1" failures="0" errors="1" skipped="0" time="0.000">"#,
            #"    <testcase classname="workbook" name="run" time="0.000">"#,
            #"      <error message="\#(escape(message))" type="\#(kind)">\#(escape(details))</error>"#,
            "    </testcase>",
            "  </testsuite>",
            "</testsuites>",
        ].joined(separator: "\n") + "\n"
    }

    private static func suite(_ report: ChapterReport) -> [String] {
        let module = escape(report.file.moduleName)
        let skipped = report.skippedCount + report.observedCount
        var lines = [
            #"  <testsuite name="\#(module)" tests="\#(report.declared.count)" failures="\#(report.assertionFailureCount)" errors="\#(report.errorCount)" skipped="\#(skipped)" time="\#(seconds(report.duration))" file="\#(escape(report.file.relativePath))">"#
        ]
        if !report.observations.isEmpty {
            lines.append("    <properties>")
            for observation in report.observations {
                let value =
                    "\(observation.testName): \(observation.behavior) on \(observation.implementation): \(observation.observed)"
                lines.append(
                    #"      <property name="observed" value="\#(escape(value))"/>"#)
            }
            lines.append("    </properties>")
        }
        for test in report.declared {
            let result = report.result(of: test.name)
            lines.append(
                #"    <testcase classname="\#(module)" name="\#(escape(test.name))" time="\#(seconds(result?.duration ?? 0))">"#
            )
            lines += verdict(of: test, result: result, in: report)
            let printed = result.map { printedText(of: $0) } ?? ""
            if !printed.isEmpty {
                lines.append("      <system-out>\(escape(printed))</system-out>")
            }
            lines.append("    </testcase>")
        }
        lines.append("  </testsuite>")
        return lines
    }

    /// The `failure`, `error` or `skipped` element of a test, if it did not simply pass.
    private static func verdict(
        of test: ChapterTest, result: TestResult?, in report: ChapterReport
    ) -> [String] {
        guard let result else {
            let reason = report.notRunReason ?? "not run"
            let body = report.buildErrors.joined(separator: "\n")
            let type = report.isInvalid ? "invalid" : "notCompiled"
            return [
                #"      <error message="\#(escape(reason))" type="\#(type)">\#(escape(body))</error>"#
            ]
        }
        switch result.outcome {
        case .passed:
            return []
        case .observed:
            let reason = result.observations.map {
                "\($0.behavior) on \($0.implementation) (\($0.file):\($0.line))"
            }.joined(separator: "; ")
            return [#"      <skipped message="\#(escape("observed, not checked: " + reason))"/>"#]
        case .skipped(let reason):
            return [#"      <skipped message="\#(escape(reason))"/>"#]
        case .failed, .crashed, .timedOut, .notRun:
            let element = result.outcome.isError ? "error" : "failure"
            let body = result.failures.map { "\($0.file):\($0.line): \($0.message)" }
                .joined(separator: "\n")
            let message = result.failures.first?.message.split(separator: "\n").first ?? ""
            return [
                #"      <\#(element) message="\#(escape(String(message)))" type="\#(result.outcome.name)">\#(escape(body))</\#(element)>"#
            ]
        }
    }

    /// What the test printed, without XCTest's own bracketing lines and the runtime's
    /// observation records, followed by the observations written out.
    private static func printedText(of result: TestResult) -> String {
        let printed = result.output.printed
        let observed = result.observations.map { "\($0.file):\($0.line): \($0.summary)" }
        // The kit's trace says what it is checking, for a crash's or a hang's report; only
        // its notes (what it could not check here) belong with what the test printed.
        let notes = result.output.conformanceNotes.map { "conformance kit: " + $0 }
        return ([printed].filter { !$0.isEmpty } + notes + observed).joined(separator: "\n")
    }

    /// Seconds with millisecond precision, as JUnit's `time` pattern accepts.
    private static func seconds(_ value: Double) -> String {
        String(format: "%.3f", max(0, value))
    }

    /// Escapes text for an XML attribute or element. A character XML 1.0 forbids (control
    /// characters, U+FFFE, U+FFFF), which no escape can carry either, becomes U+FFFD.
    static func escape(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "\n": result += "&#10;"
            case "\r": result += "&#13;"
            case "\t": result.unicodeScalars.append(scalar)
            default:
                let allowed =
                    (0x20...0xD7FF).contains(scalar.value)
                    || (0xE000...0xFFFD).contains(scalar.value)
                    || scalar.value >= 0x10000
                result.unicodeScalars.append(allowed ? scalar : "\u{FFFD}")
            }
        }
        return result
    }
}
