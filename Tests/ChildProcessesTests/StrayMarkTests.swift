import XCTest

@testable import ChildProcesses

/// The marks by which the runner finds what a test started: one run's mark never covers
/// another run's.
final class StrayMarkTests: XCTestCase {
    func testARunsMarkCoversItselfAndNothingElse() {
        XCTAssertTrue(StrayProcesses.value("7-1", covers: "7-1"))
        XCTAssertFalse(StrayProcesses.value("7-10", covers: "7-1"))
        XCTAssertFalse(StrayProcesses.value("17-1", covers: "7-1"))
        XCTAssertTrue(StrayProcesses.value("3-2 7-1", covers: "7-1"))
    }

    func testTheRunnersPidCoversEveryRunOfItsOwn() {
        XCTAssertTrue(StrayProcesses.value("7-10", covers: "7"))
        XCTAssertTrue(StrayProcesses.value("3-2 7-4", covers: "7"))
        XCTAssertFalse(StrayProcesses.value("70-1", covers: "7"))
    }
}
