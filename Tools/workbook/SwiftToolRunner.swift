import ChildProcesses
import Foundation
import WorkbookEngine

/// Runs `swift build --build-tests` for the workbook, leaving out chapters that do not
/// compile so the others still build.
///
/// SwiftPM caches manifest evaluation keyed by the manifest text and the environment, so
/// a newly generated chapter folder would be invisible to a cached build. Passing the set
/// of chapter targets in an environment variable changes the key exactly when that set
/// changes; `WORKBOOK_EXCLUDED_CHAPTERS` tells the manifest which chapter targets to leave
/// out.
///
/// With `mine`, the chapters build against the reader's `Workbench/` (`WORKBOOK_MINE=1`);
/// without it the variable is cleared, so a shell that exported it cannot turn a plain
/// run into a run of the reader's code.
struct SwiftToolRunner {
    let root: URL
    let chapterTargets: [String]
    let scratchPath: String?
    var mine = false
    /// Whether the compiler's output is shown as it comes.
    var echo = true

    /// The directory holding the debug products (the test bundle).
    var productsDirectory: URL {
        let scratch =
            scratchPath.map { URL(fileURLWithPath: $0, relativeTo: root) }
            ?? root.appendingPathComponent(".build")
        return scratch.appendingPathComponent("debug")
    }

    private func environment(excluding excluded: [String]) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["WORKBOOK_CHAPTER_TARGETS"] = chapterTargets.joined(separator: ",")
        environment["WORKBOOK_EXCLUDED_CHAPTERS"] = excluded.joined(separator: ",")
        environment["WORKBOOK_MINE"] = mine ? "1" : "0"
        return environment
    }

    /// Builds everything including tests, streaming the compiler's output as it comes.
    func build(excluding excluded: [String]) throws -> (status: Int32, output: String) {
        var arguments = ["swift", "build", "--build-tests", "--package-path", root.path]
        if let scratchPath {
            arguments += ["--scratch-path", scratchPath]
        }
        let result = try ChildProcess.run(
            arguments, environment: environment(excluding: excluded), echo: echo,
            groups: .shared)
        return (result.exitStatus ?? 128 + (result.signal ?? 0), result.output)
    }

    /// Builds, and while chapters fail to compile, leaves them out and builds again.
    /// Returns the chapters that did not compile with their errors, or throws when
    /// something outside the chapters does not build.
    ///
    /// A chapter outside `selected` that failed last time and whose generated file is
    /// unchanged is left out from the start: the learner did not ask for it, and building
    /// it again would cost a failed build and a relink on every run. Selected chapters are
    /// always built. Against the reader's workbench only the selected chapters are built:
    /// every chapter module depends on the reader's, so each edit would rebuild them all.
    func buildIsolatingChapters(_ chapters: [ChapterFile], selected: [ChapterFile]) throws
        -> [ChapterFile: [String]]
    {
        let leftOut = mine ? chapters.filter { !selected.contains($0) }.map(\.moduleName) : []
        // Against the workbench nothing unselected is built, so there is nothing to remember.
        let memory =
            mine
            ? nil
            : productsDirectory.deletingLastPathComponent()
                .appendingPathComponent("workbook-broken-chapters.json")
        let sources =
            memory == nil
            ? [:]
            : Dictionary(
                uniqueKeysWithValues: chapters.map { file in
                    (
                        file,
                        try? String(
                            contentsOf: root.appendingPathComponent(file.generatedRelativePath),
                            encoding: .utf8)
                    )
                })
        let remembered =
            memory.flatMap {
                try? JSONDecoder().decode([String: BrokenChapter].self, from: Data(contentsOf: $0))
            } ?? [:]
        var broken: [ChapterFile: [String]] = [:]
        for file in chapters where !selected.contains(file) {
            if let entry = remembered[file.moduleName], entry.source == sources[file] {
                broken[file] = entry.errors
            }
        }
        while true {
            let excluded = (broken.keys.map(\.moduleName) + leftOut).sorted()
            let build = try build(excluding: excluded)
            if build.status == 0 {
                if let memory {
                    let entries = Dictionary(
                        uniqueKeysWithValues: broken.map { file, errors in
                            (
                                file.moduleName,
                                BrokenChapter(source: sources[file] ?? nil, errors: errors)
                            )
                        })
                    try? JSONEncoder().encode(entries).write(to: memory, options: .atomic)
                }
                return broken
            }
            let errors = BuildFailureSummary.errors(
                in: build.output,
                chapters: chapters.filter { broken[$0] == nil && !leftOut.contains($0.moduleName) })
            guard !errors.isEmpty else {
                throw BuildFailure(
                    summary: BuildFailureSummary.render(build.output, chapters: chapters))
            }
            broken.merge(errors) { old, _ in old }
        }
    }
}

/// A chapter that did not compile, remembered with the generated source that failed.
private struct BrokenChapter: Codable {
    let source: String?
    let errors: [String]
}

/// The build failed outside the chapters (the library, the manifest).
struct BuildFailure: Error {
    let summary: String
}
