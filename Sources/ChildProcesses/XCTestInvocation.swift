import Foundation

/// The one place where running a single XCTest test differs between platforms.
///
/// - Linux: SwiftPM builds `NamePackageTests.xctest` as an executable; the test to run is
///   its argument: `NamePackageTests.xctest Module.Class/test`.
/// - Apple platforms: the `.xctest` bundle is a loadable bundle, not an executable. Xcode's
///   `xctest` tool loads it and runs the tests named after `-XCTest`:
///   `xctest -XCTest Module.Class/test NamePackageTests.xctest` (what `swift test
///   --filter` itself runs there). `xcrun --find xctest` locates the tool.
package enum XCTestInvocation {
    /// The platforms whose command lines differ.
    package enum Platform: Sendable {
        case linux
        case darwin

        /// The platform this code was built for.
        package static var current: Platform {
            #if canImport(Darwin)
            .darwin
            #else
            .linux
            #endif
        }
    }

    /// The command line that runs `test` (`Module.Class/method`) of `bundle`.
    /// `xctest` is the path of Xcode's `xctest` tool, used on Apple platforms only.
    package static func arguments(
        bundle: String, test: String, platform: Platform = .current, xctest: String = "xctest"
    ) -> [String] {
        switch platform {
        case .linux: [bundle, test]
        case .darwin: [xctest, "-XCTest", test, bundle]
        }
    }

    /// Xcode's `xctest` tool on Apple platforms (`xcrun --find xctest`), found once per run
    /// rather than through `xcrun` for every test; `"xctest"` elsewhere, where it is unused.
    package static func locateXCTest(platform: Platform = .current) throws -> String {
        guard platform == .darwin else { return "xctest" }
        let found = try ChildProcess.run(
            ["xcrun", "--find", "xctest"], environment: ProcessInfo.processInfo.environment)
        let path = found.output.trimmingCharacters(in: .whitespacesAndNewlines)
        guard found.exitStatus == 0, path.hasPrefix("/") else {
            throw ChildProcessError.cannotStart(
                "xcrun --find xctest", reason: "no xctest (is Xcode selected?): \(found.output)")
        }
        return path
    }

    /// The command line that runs `test` again in a fresh process of the test program now
    /// running (for probes that must survive a trap): on Linux the running executable is
    /// the bundle itself; on Apple platforms it is the `xctest` tool, and the bundle is
    /// the loaded one whose extension is `.xctest`. `nil` when it cannot be found.
    package static func rerunning(_ test: String, platform: Platform = .current) -> [String]? {
        guard let executable = Bundle.main.executablePath else { return nil }
        switch platform {
        case .linux:
            return arguments(bundle: executable, test: test, platform: .linux)
        case .darwin:
            let loaded = Bundle.allBundles.first { $0.bundleURL.pathExtension == "xctest" }
            guard let bundle = loaded else { return nil }
            return arguments(
                bundle: bundle.bundlePath, test: test, platform: .darwin, xctest: executable)
        }
    }
}
