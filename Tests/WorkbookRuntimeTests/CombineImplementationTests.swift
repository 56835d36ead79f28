import Foundation
import WorkbookRuntime
import XCTest

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

final class CombineImplementationTests: XCTestCase {
    func testTheRunningImplementationAndTheOverride() {
        #if canImport(Combine)
        XCTAssertEqual(CombineImplementation.current, .apple)
        #else
        XCTAssertEqual(CombineImplementation.current, .openCombine)
        #endif
        setenv("WORKBOOK_COMBINE", "other", 1)
        defer { unsetenv("WORKBOOK_COMBINE") }
        XCTAssertEqual(CombineImplementation.current, .other)
    }

    func testNamesSayWhatWasObservedOnWhat() {
        XCTAssertEqual("\(CombineImplementation.openCombine)", "OpenCombine 0.14 (Linux)")
        XCTAssertEqual(
            "\(CombineImplementation.combine2019)",
            "2019 Combine (macOS 10.15), as the reference reports")
    }

    func testARecordingForTheRunningImplementationIsAnOrdinaryAssertion() {
        // Passes here because the recording is met; a mismatch fails the test as any
        // XCTAssertEqual (seen in the runner's end-to-end test, chapter 11 of its fixture).
        #if !canImport(Combine)
        expectObserved([1, 2], "both values", [.openCombine: [1, 2], .combine2019: [2]])
        #endif
    }
}
