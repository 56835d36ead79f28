import CustomCombine
import PublisherConformance
import XCTest

/// Rule 13 runs in a child process; this class holds the helper the child runs and the
/// tests that check the probe itself reads a trap and a survival correctly.
final class RequestNoneProbeTests: XCTestCase {
    /// In the child (environment variable set) this commits the violation and never returns.
    /// In the parent it checks that every registered probe target has a violation to run.
    func testRequestNoneChildHelper() {
        let table = ProbeRegistry.violations()
        if let target = RequestNoneProbe.requestedTarget {
            guard let violate = table[target] else {
                XCTFail("no harness named \(target)")
                return
            }
            violate()
        }
        XCTAssertNotNil(table["PassthroughSubject"])
        XCTAssertNotNil(table["FlawedSubject (no flaws)"])
    }

    func testProbeSeesOpenCombineTrapOnRequestNone() {
        XCTAssertEqual(ProbeRegistry.probe("PassthroughSubject")(), .observed("trap"))
    }

    func testProbeSeesAPublisherThatIgnoresRequestNone() {
        XCTAssertEqual(ProbeRegistry.probe("FlawedSubject (no flaws)")(), .observed("ignore"))
    }

    func testProbeReportsAnUnknownTargetAsAFailure() {
        XCTAssertTrue(ProbeRegistry.probe("no such publisher")().isFailure)
    }
}
