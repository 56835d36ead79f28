import ChildProcesses
import Foundation
import Synchronization
import WorkbookContract

/// `swift build --build-tests` for the workbook, as a ``BuildTool``.
///
/// SwiftPM caches manifest evaluation keyed by the manifest text and the environment, so
/// a newly generated chapter folder would be invisible to a cached build. Passing the set
/// of chapter modules in `WORKBOOK_CHAPTER_TARGETS` changes the key exactly when that set
/// changes; `WORKBOOK_EXCLUDED_CHAPTERS` tells the manifest which chapter modules to leave
/// out (see ``WorkbookEnvironment``), and `WORKBOOK_CHAPTERS_ONLY` leaves out the workbook's
/// own test suites, so the bundle holds the chapters asked for alone: an edit of chapter 03
/// compiles chapter 03 and relinks a small bundle. `WORKBOOK_PARKED_CHAPTERS` does for
/// `Workbench/Parked/` what the first does for chapter folders.
///
/// With `mine`, the chapters build against the reader's `Workbench/` (`WORKBOOK_MINE=1`);
/// without it the variable is cleared, so a shell that exported it cannot turn a plain
/// run into a run of the reader's code.
struct SwiftBuild: BuildTool {
    /// The workbook (package) root.
    let root: URL
    /// `--scratch-path`, as given (relative to the root when relative).
    let scratchPath: String?
    /// Whether the compiler's output is shown as it comes.
    var echo: Bool

    /// A build of the package at `root`.
    init(root: URL, scratchPath: String? = nil, echo: Bool = true) {
        self.root = root
        self.scratchPath = scratchPath
        self.echo = echo
    }

    /// The build folder, resolved once for the build and the runner alike: a relative
    /// `--scratch-path` is relative to the workbook root (never to wherever the command
    /// was started), and `swift build` is given the absolute path.
    var scratchDirectory: URL {
        guard let scratchPath else { return root.appendingPathComponent(".build") }
        let url =
            scratchPath.hasPrefix("/")
            ? URL(fileURLWithPath: scratchPath) : root.appendingPathComponent(scratchPath)
        return url.standardizedFileURL
    }

    /// The directory holding the debug products (the test bundle).
    var productsDirectory: URL { scratchDirectory.appendingPathComponent("debug") }

    /// The test bundle of the last successful build, found from the package's name.
    private let built = BuiltBundle()

    func build(_ request: BuildRequest) throws -> BuildResult {
        var arguments = ["swift", "build", "--build-tests", "--package-path", root.path]
        if scratchPath != nil {
            arguments += ["--scratch-path", scratchDirectory.path]
        }
        let environment = Self.environment(
            for: request, inherited: ProcessInfo.processInfo.environment)
        let result = try ChildProcess.run(
            arguments, environment: environment, echo: echo, groups: .shared)
        // No readable exit status (the process could not be waited for) is no success.
        let succeeded = result.exitStatus == 0 && result.signal == nil
        built.set(succeeded ? try packageName(environment: environment) : nil)
        return BuildResult(succeeded: succeeded, output: result.output)
    }

    /// What `swift build` runs with: the workbook's variables for `request` (``BuildRequest``,
    /// its parked chapters included), over the `inherited` environment without the variables
    /// a shell changes from one command to the next (``volatileVariables``).
    static func environment(
        for request: BuildRequest, inherited: [String: String]
    ) -> [String: String] {
        var environment = inherited.filter { !volatileVariables.contains($0.key) }
        environment[WorkbookEnvironment.chapterTargets] = request.chapterModules.joined(
            separator: ",")
        environment[WorkbookEnvironment.excludedChapters] = request.excluded.joined(
            separator: ",")
        environment[WorkbookEnvironment.chaptersOnly] = "1"
        environment[WorkbookEnvironment.mine] = request.mine ? "1" : "0"
        environment[WorkbookEnvironment.parkedChapters] = request.parked.joined(separator: ",")
        return environment
    }

    /// Variables a shell sets afresh for each command (`_`, the command's own path) or as the
    /// reader moves around (`PWD`, `OLDPWD`, `SHLVL`). SwiftPM keys its cached manifests and
    /// its compiled package plugins by the whole environment, so with them a run from another
    /// folder, or through `swift run` after `.build/debug/workbook`, evaluated every manifest
    /// and recompiled two plugins before building anything (about 2 s of CPU, 10 s under
    /// load, measured with strace). `swift build` is given `--package-path` and absolute
    /// paths, so none of them changes what it builds.
    static let volatileVariables: Set<String> = ["_", "PWD", "OLDPWD", "SHLVL"]

    /// The bundle SwiftPM builds for this package, by its name (``ChapterNaming``), from the
    /// build just made: never another `*PackageTests.xctest` left in the folder.
    func testBundle() throws -> URL {
        guard let name = built.get() else {
            throw BuildToolError.noTestBundle(in: productsDirectory.path)
        }
        let bundle = productsDirectory.appendingPathComponent(
            ChapterNaming.testBundle(package: name))
        guard FileManager.default.fileExists(atPath: bundle.path) else {
            throw BuildToolError.noTestBundle(in: productsDirectory.path)
        }
        return bundle
    }

    /// The package's name, as SwiftPM reads the manifest (with the build's environment, so
    /// its cached evaluation of the manifest is reused), remembered while the manifest is
    /// unchanged.
    private func packageName(environment: [String: String]) throws -> String {
        let memory = PackageNameMemory(scratchDirectory: scratchDirectory)
        let manifest =
            (try? String(
                contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)) ?? ""
        if let name = memory.name(for: manifest) { return name }
        let name = try describedName(environment: environment)
        memory.save(name, for: manifest)
        return name
    }

    /// The package's name, from `swift package describe`.
    private func describedName(environment: [String: String]) throws -> String {
        var arguments = ["swift", "package", "--package-path", root.path]
        if scratchPath != nil {
            arguments += ["--scratch-path", scratchDirectory.path]
        }
        arguments += ["describe", "--type", "json"]
        let result = try ChildProcess.run(arguments, environment: environment, groups: .shared)
        let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false)
        guard result.exitStatus == 0,
            let first = lines.firstIndex(of: "{"), let last = lines.lastIndex(of: "}"),
            first <= last,
            let object = try? JSONSerialization.jsonObject(
                with: Data(lines[first...last].joined(separator: "\n").utf8)) as? [String: Any],
            let name = object["name"] as? String
        else {
            throw BuildToolError.noPackageName(result.output)
        }
        return name
    }
}

/// The package name the last successful build found, shared by the copies of a
/// ``SwiftBuild``.
private final class BuiltBundle: Sendable {
    private let name = Mutex<String?>(nil)

    func set(_ value: String?) { name.withLock { $0 = value } }
    func get() -> String? { name.withLock { $0 } }
}
