/// How a chapter's generated tests are named and found, as the manifest declares them,
/// the generator writes them, the builder leaves them out and the runner runs them.
package enum ChapterNaming {
    /// Where the generated test modules live, one folder per chapter, relative to the
    /// package root (the manifest makes a test target of each folder).
    package static let generatedFolder = "Tests/Chapters"

    /// What a chapter module's name starts with.
    package static let modulePrefix = "Chapter"
    /// What a chapter module's name ends with.
    package static let moduleSuffix = "Tests"

    /// The test module, and the `XCTestCase` class in it, of chapter `number` (`03`).
    package static func module(chapter number: String) -> String {
        "\(modulePrefix)\(number)\(moduleSuffix)"
    }

    /// Whether a folder of ``generatedFolder`` is a chapter module, as the manifest decides.
    package static func isModule(_ name: String) -> Bool {
        name.hasPrefix(modulePrefix) && name.hasSuffix(moduleSuffix)
    }

    /// The XCTest identifier of `test` in chapter module `module` (`Module.Class/method`,
    /// the class being named after the module).
    package static func testIdentifier(module: String, test: String) -> String {
        "\(module).\(module)/\(test)"
    }

    /// The test bundle SwiftPM builds for the package named `package`: the runner runs
    /// exactly this one, never another `*PackageTests.xctest` left in the build folder.
    package static func testBundle(package: String) -> String {
        package + "PackageTests.xctest"
    }
}
