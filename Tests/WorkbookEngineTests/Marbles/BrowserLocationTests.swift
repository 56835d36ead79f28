import XCTest

/// Where the picture tests look for a browser (``Browser``), on made-up machines: a Debian
/// machine, a Mac with Chrome in an app bundle, one with nothing, and an override.
final class BrowserLocationTests: XCTestCase {
    private func find(_ environment: [String: String], executables: Set<String>)
        -> Browser.Found
    {
        Browser.find(environment: environment, home: "/Users/reader") {
            executables.contains($0)
        }
    }

    func testFindsDebiansChromiumOnThePath() {
        XCTAssertEqual(
            find(["PATH": "/usr/local/bin:/usr/bin"], executables: ["/usr/bin/chromium"]),
            .executable("/usr/bin/chromium"))
    }

    func testPrefersChromiumToChromeWhereBothAreOnThePath() {
        XCTAssertEqual(
            find(
                ["PATH": "/opt/google/chrome:/usr/bin"],
                executables: ["/opt/google/chrome/google-chrome", "/usr/bin/chromium-browser"]),
            .executable("/usr/bin/chromium-browser"))
    }

    func testFindsChromeInsideItsAppBundleOnAMac() {
        let chrome = "/Applications/Google Chrome.app/Contents/MacOS/Google Chrome"
        XCTAssertEqual(
            find(["PATH": "/usr/bin:/bin"], executables: [chrome]), .executable(chrome))
        let mine = "/Users/reader/Applications/Chromium.app/Contents/MacOS/Chromium"
        XCTAssertEqual(find(["PATH": "/usr/bin"], executables: [mine]), .executable(mine))
    }

    func testTheOverrideWinsAndAWrongOneIsNamed() {
        XCTAssertEqual(
            find(
                ["PATH": "/usr/bin", Browser.pathKey: "/opt/chrome/chrome"],
                executables: ["/usr/bin/chromium", "/opt/chrome/chrome"]),
            .executable("/opt/chrome/chrome"))
        XCTAssertEqual(
            find(
                ["PATH": "/usr/bin", Browser.pathKey: "/nowhere/chrome"],
                executables: ["/usr/bin/chromium"]),
            .badOverride("/nowhere/chrome"))
    }

    func testAMachineWithoutABrowserSaysWhereItLooked() {
        guard case .none(let reason) = find(["PATH": "/usr/bin"], executables: ["/usr/bin/ls"])
        else { return XCTFail("found a browser on a machine with none") }
        XCTAssertTrue(reason.contains("chromium"), reason)
        XCTAssertTrue(reason.contains("Google Chrome.app"), reason)
        XCTAssertTrue(reason.contains(Browser.pathKey), reason)
    }
}
