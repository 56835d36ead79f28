import Foundation

/// One thing XCTest reported about one test, as the runtime's observer (`WorkbookRuntime`'s
/// `TestResultChannel`, an `XCTestObservation`) writes it and `workbook test` reads it: one
/// JSON object per line, appended to the file named by ``WorkbookEnvironment/testResult``.
///
/// The verdict on a test comes from these records and from how its process ended, never
/// from what the process printed: a test can print anything, XCTest's own lines included,
/// but it cannot write here without going out of its way.
package struct TestEventRecord: Codable, Equatable, Sendable {
    /// What happened.
    package enum Event: String, Codable, Sendable {
        /// XCTest started the test.
        case started
        /// An assertion failed (``file``, ``line`` and ``message`` say where and what).
        case failure
        /// The test finished and passed.
        case passed
        /// The test finished with at least one failure.
        case failed
        /// The test finished by skipping.
        case skipped
    }

    /// What happened.
    package let event: Event
    /// The test class's name, unqualified (`Chapter03Tests`).
    package let testClass: String
    /// The test method's name (`test_map`).
    package let test: String
    /// Where a failure is (a chapter path, through `#sourceLocation`).
    package var file: String?
    /// The failure's line.
    package var line: Int?
    /// The failure's message.
    package var message: String?

    /// Creates a record.
    package init(
        event: Event, testClass: String, test: String, file: String? = nil, line: Int? = nil,
        message: String? = nil
    ) {
        self.event = event
        self.testClass = testClass
        self.test = test
        self.file = file
        self.line = line
        self.message = message
    }

    /// The record as one line of JSON, newline included, to append in one `write`.
    package var encodedLine: Data? { JSONLines.line(self) }

    /// The records of a file of such lines; a line that does not decode (a process killed
    /// mid-write) is dropped, so it can only ever lose a pass, never make one.
    package static func decodeLines(_ data: Data) -> [TestEventRecord] {
        JSONLines.decode(Self.self, from: data)
    }

    /// The class and method of a test as XCTest names it: `Class.method` (or
    /// `Module.Class.method`) with swift-corelibs-xctest, `-[Module.Class method]` on Darwin.
    package static func split(xctestName name: String) -> (testClass: String, test: String) {
        let trimmed =
            name.hasPrefix("-[") && name.hasSuffix("]")
            ? String(name.dropFirst(2).dropLast()) : name
        let words = trimmed.split(whereSeparator: { $0 == " " || $0 == "." }).map(String.init)
        guard words.count >= 2 else { return ("", trimmed) }
        return (words[words.count - 2], words[words.count - 1])
    }
}

/// What the records say about one test: whether XCTest started it, how it finished (if it
/// did) and the failures it recorded on the way.
package struct TestEventSummary: Equatable, Sendable {
    /// Whether XCTest started it.
    package var started = false
    /// How it finished: ``TestEventRecord/Event/passed``, `failed` or `skipped`; `nil` if
    /// it never finished (its process died or exited in the middle).
    package var finished: TestEventRecord.Event?
    /// Its failures, in order.
    package var failures: [TestEventRecord] = []

    /// The summary of test `test` of class `testClass` among `records`; records of any
    /// other test are ignored.
    package init(_ records: [TestEventRecord], testClass: String, test: String) {
        for record in records where record.testClass == testClass && record.test == test {
            switch record.event {
            case .started: started = true
            case .failure: failures.append(record)
            case .passed, .failed, .skipped: finished = finished ?? record.event
            }
        }
    }
}
