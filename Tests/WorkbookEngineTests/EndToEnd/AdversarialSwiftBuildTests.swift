import Foundation
import XCTest

@testable import WorkbookEngine

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The bundle run is the one just built (issue 20, item 4): found from the package's name,
/// in the build folder the build itself wrote to, and only after a build whose exit status
/// was read as a success. Builds a tiny package for real.
final class AdversarialSwiftBuildTests: XCTestCase {
    private func package() throws -> URL {
        try Fixtures.temporaryWorkbook(
            [
                "Package.swift": Data(
                    """
                    // swift-tools-version: 6.0
                    import PackageDescription

                    let package = Package(
                        name: "Tiny",
                        targets: [
                            .target(name: "Lib"),
                            .testTarget(name: "LibTests", dependencies: ["Lib"]),
                        ]
                    )
                    """.utf8),
                "Sources/Lib/Lib.swift": Data("public let answer = 42\n".utf8),
                "Tests/LibTests/LibTests.swift": Data(
                    "import Lib\nimport XCTest\n\nfinal class LibTests: XCTestCase {\n    func testAnswer() { XCTAssertEqual(answer, 42) }\n}\n"
                        .utf8),
            ], for: self)
    }

    func testTheBundleIsFoundByTheBuildsPackageNameInTheFolderTheBuildWrote() throws {
        let root = try package()
        // A relative scratch path, from a working directory that is not the package root.
        let scratch = "scratch-\(UUID().uuidString)"
        addTeardownBlock {
            try? FileManager.default.removeItem(
                atPath: FileManager.default.currentDirectoryPath + "/" + scratch)
        }
        let build = SwiftBuild(root: root, scratchPath: scratch, echo: false)
        XCTAssertEqual(
            build.scratchDirectory.path,
            root.appendingPathComponent(scratch).standardizedFileURL.path)
        // A stale bundle of another (renamed) package sits in the products folder.
        let stale = build.scratchDirectory.appendingPathComponent("debug/AaaPackageTests.xctest")
        try FileManager.default.createDirectory(at: stale, withIntermediateDirectories: true)

        XCTAssertThrowsError(try build.testBundle(), "no build yet, so no bundle")
        let result = try build.build(BuildRequest(chapterModules: [], excluded: [], mine: false))
        XCTAssertTrue(result.succeeded, result.output)
        let bundle = try build.testBundle()
        XCTAssertEqual(bundle.lastPathComponent, "TinyPackageTests.xctest")
        XCTAssertEqual(
            bundle.deletingLastPathComponent().deletingLastPathComponent().path,
            build.scratchDirectory.path)
        XCTAssertFalse(
            FileManager.default.fileExists(
                atPath: FileManager.default.currentDirectoryPath + "/" + scratch),
            "the build wrote to the scratch folder relative to the working directory")

        // A failed build leaves no bundle to run, even though the last one is still there.
        try Data("public let answer: Int = \"no\"\n".utf8).write(
            to: root.appendingPathComponent("Sources/Lib/Lib.swift"))
        XCTAssertFalse(
            try build.build(BuildRequest(chapterModules: [], excluded: [], mine: false)).succeeded)
        XCTAssertThrowsError(try build.testBundle())
    }

    /// With SIGCHLD ignored, the build's exit status cannot be read: that is never a
    /// successful build.
    func testABuildWhoseStatusCannotBeReadIsNotBuilt() throws {
        let root = try package()
        try Data("public let answer: Int = \"no\"\n".utf8).write(
            to: root.appendingPathComponent("Sources/Lib/Lib.swift"))
        let build = SwiftBuild(root: root, echo: false)
        let previous = signal(SIGCHLD, SIG_IGN)
        defer { signal(SIGCHLD, previous) }
        do {
            let result = try build.build(
                BuildRequest(chapterModules: [], excluded: [], mine: false))
            XCTAssertFalse(result.succeeded, result.output)
        } catch {
            // Could not be waited for: reported as an error, never as built.
        }
        XCTAssertThrowsError(try build.testBundle())
    }
}
