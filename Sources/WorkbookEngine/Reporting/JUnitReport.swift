/// Renders chapter reports as JUnit XML, the report CI systems read: one `testsuite` per
/// chapter, one `testcase` per declared test carrying its chapter `file` and `line`. A test
/// that observed a behaviour with no recording passes, with an `observed` property and the
/// observation in its `system-out` (JUnit has no status for it).
public enum JUnitReport {
    /// The XML document.
    public static func render(_ reports: [ChapterReport]) -> String {
        var lines = [#"<?xml version="1.0" encoding="UTF-8"?>"#]
        let total = reports.map(\.declared.count).reduce(0, +)
        let failed = reports.map(\.failedCount).reduce(0, +)
        let skipped = reports.map(\.skippedCount).reduce(0, +)
        lines.append(
            #"<testsuites name="workbook" tests="\#(total)" failures="\#(failed)" errors="0" skipped="\#(skipped)">"#
        )
        for report in reports {
            let file = escape(report.file.relativePath)
            lines.append(
                #"  <testsuite name="\#(report.file.moduleName)" tests="\#(report.declared.count)" failures="\#(report.failedCount)" errors="0" skipped="\#(report.skippedCount)" file="\#(file)">"#
            )
            for name in report.declared {
                let failures = report.failures.filter { $0.testName == name }
                let line = failures.first?.line ?? report.lines[name] ?? 1
                lines.append(
                    #"    <testcase classname="\#(report.file.moduleName)" name="\#(escape(name))" time="0" file="\#(file)" line="\#(line)">"#
                )
                let outcome = report.results.first { $0.name == name }?.outcome
                let observed = report.observations.filter { $0.testName == name }
                if !observed.isEmpty {
                    lines.append("      <properties>")
                    for observation in observed {
                        lines.append(
                            #"        <property name="observed" value="\#(escape("\(observation.behavior) on \(observation.implementation): \(observation.observed)"))"/>"#
                        )
                    }
                    lines.append("      </properties>")
                }
                switch outcome {
                case .passed, .observed: break
                case .skipped(let reason):
                    lines.append(#"      <skipped message="\#(escape(reason))"/>"#)
                case nil:
                    let reason = report.notRunReason ?? "not run"
                    let body = report.buildErrors.joined(separator: "\n")
                    lines.append(
                        #"      <failure message="\#(escape(reason))" type="notRun">\#(escape(body))</failure>"#
                    )
                default:
                    let type = outcome.map { "\($0)" }?.prefix { $0 != "(" } ?? "failed"
                    let body = failures.map { "\($0.file):\($0.line): \($0.message)" }
                        .joined(separator: "\n")
                    let message = failures.first?.message.split(separator: "\n").first ?? ""
                    lines.append(
                        #"      <failure message="\#(escape(String(message)))" type="\#(type)">\#(escape(body))</failure>"#
                    )
                }
                if !observed.isEmpty {
                    let text = observed.map { "\($0.file):\($0.line): \($0.summary)" }
                        .joined(separator: "\n")
                    lines.append("      <system-out>\(escape(text))</system-out>")
                }
                lines.append("    </testcase>")
            }
            lines.append("  </testsuite>")
        }
        lines.append("</testsuites>")
        return lines.joined(separator: "\n") + "\n"
    }

    /// Escapes text for an XML attribute or element; drops characters XML 1.0 forbids.
    static func escape(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "\n": result += "&#10;"
            case "\t", "\r": result.unicodeScalars.append(scalar)
            default:
                if scalar.value >= 0x20 { result.unicodeScalars.append(scalar) }
            }
        }
        return result
    }
}
