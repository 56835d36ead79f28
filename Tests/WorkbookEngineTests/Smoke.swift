import XCTest
import WorkbookEngine
final class SmokeTests: XCTestCase { func testVersion() { XCTAssertEqual(Placeholder.version, "0.30.2") } }
