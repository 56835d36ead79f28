import ChildProcesses
import XCTest

/// The command line that runs one test, for each platform: Linux is run here; the macOS
/// form is checked as text, since no Mac runs these tests on this machine.
final class XCTestInvocationTests: XCTestCase {
    func testLinuxRunsTheBundleExecutableWithTheTestAsItsArgument() {
        XCTAssertEqual(
            XCTestInvocation.arguments(
                bundle: "/w/.build/debug/CombineByTestsPackageTests.xctest",
                test: "Chapter03Tests.Chapter03Tests/testX", platform: .linux),
            [
                "/w/.build/debug/CombineByTestsPackageTests.xctest",
                "Chapter03Tests.Chapter03Tests/testX",
            ])
    }

    func testMacOSRunsTheBundleUnderXcodesXCTestTool() {
        XCTAssertEqual(
            XCTestInvocation.arguments(
                bundle: "/w/.build/debug/CombineByTestsPackageTests.xctest",
                test: "Chapter03Tests.Chapter03Tests/testX", platform: .darwin,
                xctest: "/Applications/Xcode.app/Contents/Developer/usr/bin/xctest"),
            [
                "/Applications/Xcode.app/Contents/Developer/usr/bin/xctest", "-XCTest",
                "Chapter03Tests.Chapter03Tests/testX",
                "/w/.build/debug/CombineByTestsPackageTests.xctest",
            ])
    }

    func testOffApplePlatformsNoXCTestToolIsLookedFor() throws {
        XCTAssertEqual(try XCTestInvocation.locateXCTest(platform: .linux), "xctest")
    }

    #if os(Linux)
    func testRerunningOnLinuxStartsThisVeryTestProgram() throws {
        let command = try XCTUnwrap(XCTestInvocation.rerunning("M.C/t"))
        XCTAssertEqual(command.count, 2)
        XCTAssertTrue(command[0].hasSuffix(".xctest"), command[0])
        XCTAssertEqual(command[1], "M.C/t")
        XCTAssertEqual(XCTestInvocation.Platform.current, .linux)
    }
    #endif
}
