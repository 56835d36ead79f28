import WorkbookContract

/// Reads the text XCTest prints (`Test Case '…' passed`, `file:line: error: …`) into
/// results per test, so the CLI can report per chapter in Markdown terms.
struct TestOutputParser: Sendable {
    /// Tests that started, as `Class.method`.
    private(set) var started: [String] = []
    /// Tests that passed, as `Class.method`.
    private(set) var passed: [String] = []
    /// Tests that failed, as `Class.method`.
    private(set) var failed: [String] = []
    /// Tests that threw `XCTSkip`, as `Class.method`.
    private(set) var skipped: [String] = []
    /// The reasons skips gave, in the order printed.
    private(set) var skipReasons: [String] = []
    /// Failures, in the order printed.
    private(set) var failures: [ChapterFailure] = []
    /// Observations the runtime reported, in the order printed.
    private(set) var observations: [ObservationRecord] = []
    private var openFailure: Int?

    /// Creates an empty parser.
    init() {}

    /// Parses a whole output.
    static func parse(_ output: String) -> TestOutputParser {
        var parser = TestOutputParser()
        for line in output.split(separator: "\n", omittingEmptySubsequences: false) {
            parser.consume(String(line))
        }
        return parser
    }

    /// Tests that started but never finished: the process crashed in them.
    var crashed: [String] {
        started.filter { !passed.contains($0) && !failed.contains($0) && !skipped.contains($0) }
    }

    /// Feeds one line of output.
    mutating func consume(_ line: String) {
        // The conformance kit's trace is not the test's output (see ConformanceProgress).
        if ConformanceProgress.isTrace(line[...]) { return }
        if let observation = ObservationRecord.parse(line[...]) {
            openFailure = nil
            observations.append(observation)
            return
        }
        if let (name, outcome) = Self.testCase(line) {
            openFailure = nil
            switch outcome {
            case "started": started.append(name)
            case "passed": passed.append(name)
            case "failed": failed.append(name)
            case "skipped": skipped.append(name)
            default: break
            }
            return
        }
        if let range = line.firstRange(of: " : Test skipped") {
            openFailure = nil
            let reason = line[range.upperBound...]
            skipReasons.append(
                String(reason.hasPrefix(" - ") ? reason.dropFirst(3) : reason))
            return
        }
        if let failure = Self.failure(line) {
            failures.append(failure)
            openFailure = failures.count - 1
            return
        }
        if let index = openFailure {
            if line.isEmpty || line.hasPrefix("Test Suite '") || line.hasPrefix("Executed ") {
                openFailure = nil
            } else {
                failures[index].message += "\n" + line
            }
        }
    }

    /// `Test Case 'A.b' started/passed/failed …` -> (`A.b`, outcome). On macOS XCTest names
    /// a test `-[Module.Class method]`; that is read as `Class.method` too.
    private static func testCase(_ line: String) -> (String, String)? {
        let prefix = "Test Case '"
        guard line.hasPrefix(prefix) else { return nil }
        let rest = line.dropFirst(prefix.count)
        guard let quote = rest.firstIndex(of: "'") else { return nil }
        let qualified = rest[..<quote].replacing("-[", with: "").replacing("]", with: "")
            .replacing(" ", with: ".")
        let name = qualified.split(separator: ".").suffix(2).joined(separator: ".")
        // "started at …" on Linux, "started." on macOS.
        let word = rest[rest.index(after: quote)...].split(separator: " ").first ?? ""
        let outcome = String(word.hasSuffix(".") ? word.dropLast() : word)
        return (name, outcome)
    }

    /// `file:line: error: Class.test : message` -> a failure.
    private static func failure(_ line: String) -> ChapterFailure? {
        guard let errorRange = line.firstRange(of: ": error: ") else { return nil }
        let location = line[..<errorRange.lowerBound]
        guard let colon = location.lastIndex(of: ":"),
            let number = Int(location[location.index(after: colon)...])
        else { return nil }
        let file = String(location[..<colon])
        let rest = line[errorRange.upperBound...]
        guard let separator = rest.firstRange(of: " : ") else { return nil }
        let qualified = rest[..<separator.lowerBound].replacing("-[", with: "").replacing(
            "]", with: ""
        )
        .replacing(" ", with: ".")
        let parts = qualified.split(separator: ".")
        var message = rest[separator.upperBound...]
        if message.hasPrefix("failed - ") {  // XCTFail's prefix says nothing here
            message = message.dropFirst("failed - ".count)
        }
        guard parts.count >= 2 else { return nil }
        return ChapterFailure(
            className: String(parts[parts.count - 2]), testName: String(parts[parts.count - 1]),
            file: file, line: number, message: String(message))
    }
}
