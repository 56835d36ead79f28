import Foundation
import WorkbookContract
import XCTest

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reports XCTest's own verdict on each test to `workbook test`, on a channel the test
/// cannot confuse with its output: an `XCTestObservation` observer appends a
/// ``TestEventRecord`` per event (started, each failure with its file and line, how it
/// finished) to the file named by `WORKBOOK_TEST_RESULT` (``WorkbookEnvironment/testResult``).
///
/// Every generated test class installs it from `setUp()` on the class, which XCTest calls
/// before the class's first test starts, on swift-corelibs-xctest and on Darwin alike.
/// Without the variable (`swift test`) nothing is installed.
package final class TestResultChannel: NSObject, XCTestObservation {
    private let descriptor: Int32

    /// The process's observer, made at the first ``install()``: Swift runs a static's
    /// initializer exactly once, whichever thread comes first, so no lock is needed. The
    /// variable is removed from the environment, so the test's code does not come across
    /// the path by accident.
    nonisolated(unsafe) private static let installed: TestResultChannel? = {
        guard let path = ProcessInfo.processInfo.environment[WorkbookEnvironment.testResult]
        else { return nil }
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return nil }
        unsetenv(WorkbookEnvironment.testResult)
        let channel = TestResultChannel(descriptor: descriptor)
        XCTestObservationCenter.shared.addTestObserver(channel)
        return channel
    }()

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Installs the observer once per process.
    package static func install() {
        _ = installed
    }

    private func append(
        _ event: TestEventRecord.Event, _ testCase: XCTestCase, file: String? = nil,
        line: Int? = nil, message: String? = nil
    ) {
        let (testClass, test) = TestEventRecord.split(xctestName: testCase.name)
        let record = TestEventRecord(
            event: event, testClass: testClass, test: test, file: file, line: line,
            message: message)
        guard let data = record.encodedLine else { return }
        _ = data.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    }

    package func testCaseWillStart(_ testCase: XCTestCase) {
        append(.started, testCase)
    }

    #if os(macOS)
    package func testCase(_ testCase: XCTestCase, didRecord issue: XCTIssueReference) {
        append(
            .failure, testCase, file: issue.sourceCodeContext.location?.fileURL.path,
            line: issue.sourceCodeContext.location?.lineNumber,
            message: issue.compactDescription)
    }
    #else
    package func testCase(
        _ testCase: XCTestCase, didFailWithDescription description: String,
        inFile filePath: String?, atLine lineNumber: Int
    ) {
        append(.failure, testCase, file: filePath, line: lineNumber, message: description)
    }
    #endif

    package func testCaseDidFinish(_ testCase: XCTestCase) {
        let run = testCase.testRun
        let event: TestEventRecord.Event =
            run?.hasBeenSkipped == true
            ? .skipped : run?.hasSucceeded == true ? .passed : .failed
        append(event, testCase)
    }
}

/// XCTest's test case class, as each generated test class names its superclass
/// (`WorkbookRuntime.ChapterTestCase`): a chapter may declare a type named `XCTestCase`,
/// and `XCTest.XCTestCase` cannot be written (the module has a class named `XCTest`).
package typealias ChapterTestCase = XCTestCase
