import Foundation
import WorkbookContract
import XCTest

/// A Chromium-family browser for the tests that draw a picture and read its pixels: where
/// each platform keeps one, or the path in `WORKBOOK_CHROMIUM`. A reader's machine set up as
/// the README says may have none, so those tests skip, saying why; where the run must prove
/// the pictures (`.ci/run`, the workflow) `WORKBOOK_REQUIRE_BROWSER=1` makes a missing
/// browser a failure instead.
enum Browser {
    /// A browser's executable to use instead of searching.
    static let pathKey = WorkbookEnvironment.chromium
    /// Set to `1` where a missing browser must fail the run rather than skip.
    static let requiredKey = WorkbookEnvironment.requireBrowser

    /// Commands searched on the `PATH`, in order: Debian's package, other distributions'
    /// names, and Google's.
    static let commands = [
        "chromium", "chromium-browser", "google-chrome", "google-chrome-stable",
    ]

    /// Where macOS keeps the browsers' executables, inside their app bundles, relative to
    /// `/Applications` or `~/Applications`.
    static let macApplications = [
        "Google Chrome.app/Contents/MacOS/Google Chrome",
        "Chromium.app/Contents/MacOS/Chromium",
    ]

    /// What the search found.
    enum Found: Equatable {
        case executable(String)
        /// `WORKBOOK_CHROMIUM` names a file that is not an executable.
        case badOverride(String)
        /// Nothing anywhere; the text says where it looked.
        case none(String)
    }

    /// Searches `environment` (its `WORKBOOK_CHROMIUM`, then its `PATH`), then the macOS
    /// application folders under `home`; `isExecutable` answers for a path.
    static func find(
        environment: [String: String], home: String, isExecutable: (String) -> Bool
    ) -> Found {
        if let path = environment[pathKey], !path.isEmpty {
            return isExecutable(path) ? .executable(path) : .badOverride(path)
        }
        let folders = (environment["PATH"] ?? "").split(separator: ":").map(String.init)
        for command in commands {
            for folder in folders where isExecutable("\(folder)/\(command)") {
                return .executable("\(folder)/\(command)")
            }
        }
        for root in ["/Applications", "\(home)/Applications"] {
            for application in macApplications where isExecutable("\(root)/\(application)") {
                return .executable("\(root)/\(application)")
            }
        }
        return .none(
            "no Chromium or Google Chrome: none of \(commands.joined(separator: ", ")) on the "
                + "PATH, nor Google Chrome.app or Chromium.app in /Applications or "
                + "~/Applications, and \(pathKey) is not set")
    }

    /// This machine's browser, or a skip that says why (a failure where
    /// `WORKBOOK_REQUIRE_BROWSER=1`, and always for a `WORKBOOK_CHROMIUM` that is wrong).
    static func require() throws -> URL {
        let environment = ProcessInfo.processInfo.environment
        let found = find(
            environment: environment, home: NSHomeDirectory(),
            isExecutable: FileManager.default.isExecutableFile(atPath:))
        switch found {
        case .executable(let path):
            return URL(fileURLWithPath: path)
        case .badOverride(let path):
            throw Missing(reason: "\(pathKey)=\(path) is not an executable file")
        case .none(let reason):
            let advice =
                "(apt-get install chromium; on a Mac, install Google Chrome; or set \(pathKey))"
            if environment[requiredKey] == "1" {
                throw Missing(reason: "\(reason) \(advice); \(requiredKey)=1 requires one")
            }
            throw XCTSkip("\(reason) \(advice): the picture is not drawn")
        }
    }

    /// A browser this run needed and does not have: thrown, it fails the test.
    struct Missing: Error, CustomStringConvertible {
        let reason: String
        var description: String { reason }
    }
}
