import CustomCombine
import PublisherConformance
import XCTest

/// Longer bounded storms than the conformance pass: many threads send, subscribe and cancel
/// on every subject at once; nothing may crash, arrive twice, or go missing.
final class StressTests: XCTestCase {
    private let rounds = 100

    private func storm<Output, Failure>(
        _ harness: PublisherHarness<Output, Failure>, file: StaticString = #filePath,
        line: UInt = #line
    ) {
        let report = PublisherConformanceRunner(harness, rounds: rounds)
            .run(only: [.serialDelivery, .stress])
        XCTAssertEqual(
            report.outcome(.stress), .pass, report.failureMessages.joined(), file: file, line: line)
        XCTAssertEqual(
            report.outcome(.serialDelivery), .pass, report.failureMessages.joined(), file: file,
            line: line)
    }

    func testPassthroughSubjectStorm() {
        storm(TrustedCatalog.passthroughSubject())
    }

    func testCustomSubjectStorm() {
        storm(LibraryCatalog.customSubject())
    }

    func testBufferSubjectStorm() {
        storm(LibraryCatalog.bufferSubject())
    }

    func testShareReplayStorm() {
        storm(LibraryCatalog.shareReplay())
    }

    func testMergeInputStorm() {
        storm(LibraryCatalog.mergeInput())
    }
}
