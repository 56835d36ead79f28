import ChildProcesses
import Foundation
import WorkbookContract

/// `swift build --build-tests` for the workbook, as a ``BuildTool``.
///
/// SwiftPM caches manifest evaluation keyed by the manifest text and the environment, so
/// a newly generated chapter folder would be invisible to a cached build. Passing the set
/// of chapter modules in `WORKBOOK_CHAPTER_TARGETS` changes the key exactly when that set
/// changes; `WORKBOOK_EXCLUDED_CHAPTERS` tells the manifest which chapter modules to leave
/// out (see ``WorkbookEnvironment``). `WORKBOOK_PARKED_CHAPTERS` does for
/// `Workbench/Parked/` what the first does for chapter folders.
///
/// With `mine`, the chapters build against the reader's `Workbench/` (`WORKBOOK_MINE=1`);
/// without it the variable is cleared, so a shell that exported it cannot turn a plain
/// run into a run of the reader's code.
package struct SwiftBuild: BuildTool {
    /// The workbook (package) root.
    package let root: URL
    /// `--scratch-path`, as given (relative to the root when relative).
    package let scratchPath: String?
    /// Whether the compiler's output is shown as it comes.
    package var echo: Bool

    /// A build of the package at `root`.
    package init(root: URL, scratchPath: String? = nil, echo: Bool = true) {
        self.root = root
        self.scratchPath = scratchPath
        self.echo = echo
    }

    package var scratchDirectory: URL {
        scratchPath.map { URL(fileURLWithPath: $0, relativeTo: root) }
            ?? root.appendingPathComponent(".build")
    }

    /// The directory holding the debug products (the test bundle).
    var productsDirectory: URL { scratchDirectory.appendingPathComponent("debug") }

    package func build(_ request: BuildRequest) throws -> BuildResult {
        var arguments = ["swift", "build", "--build-tests", "--package-path", root.path]
        if let scratchPath {
            arguments += ["--scratch-path", scratchPath]
        }
        var environment = ProcessInfo.processInfo.environment
        environment[WorkbookEnvironment.chapterTargets] = request.chapterModules.joined(
            separator: ",")
        environment[WorkbookEnvironment.excludedChapters] = request.excluded.joined(
            separator: ",")
        environment[WorkbookEnvironment.mine] = request.mine ? "1" : "0"
        environment[WorkbookEnvironment.parkedChapters] = WorkbenchSources.parked(root: root)
            .joined(separator: ",")
        let result = try ChildProcess.run(
            arguments, environment: environment, echo: echo, groups: .shared)
        return BuildResult(succeeded: result.exitStatus == 0, output: result.output)
    }

    /// The `*PackageTests.xctest` bundle in the products folder.
    package func testBundle() throws -> URL {
        let products = productsDirectory
        let bundle = (try? FileManager.default.contentsOfDirectory(atPath: products.path))?
            .first { $0.hasSuffix(ChapterNaming.testBundleSuffix) }
        guard let bundle else { throw BuildToolError.noTestBundle(in: products.path) }
        return products.appendingPathComponent(bundle)
    }
}
