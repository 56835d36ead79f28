import Foundation

/// Builds the workbook so that chapters that do not compile never stop the others: while a
/// build fails in chapters, those chapters are left out and the build runs again. What
/// fails outside the chapters (the library, the manifest, the reader's workbench) is a
/// ``BuildFailure``.
///
/// A chapter outside the selection that failed last time and whose generated file is
/// unchanged is left out from the start (``BrokenChapterMemory``). Selected chapters are
/// always built. Against the reader's workbench only the selected chapters are built: every
/// chapter module depends on the reader's, so each edit would rebuild them all.
struct ChapterIsolation {
    /// The build tool.
    let tool: any BuildTool

    /// Builds, leaving out what does not compile; returns the chapters that did not, with
    /// their errors. `generated` holds each chapter's test file as this run generated it
    /// (its source and line map). The `invalid` chapters (not loaded, so not generated
    /// afresh) are left out from the start, whatever generated file of theirs is on disk.
    func build(
        _ chapters: [ChapterFile], generated: [ChapterFile: GeneratedFile],
        selected: [ChapterFile], mine: Bool, invalid: [ChapterFile] = []
    ) throws -> [ChapterFile: [String]] {
        let leftOut =
            (mine ? chapters.filter { !selected.contains($0) }.map(\.moduleName) : [])
            + invalid.map(\.moduleName)
        // Against the workbench nothing unselected is built, so there is nothing to remember.
        let memory = mine ? nil : BrokenChapterMemory(scratchDirectory: tool.scratchDirectory)
        let sources = generated.mapValues(\.contents)
        let lineMaps = generated.compactMapValues(\.lineMap)
        let remembered = memory?.load() ?? [:]
        var broken: [ChapterFile: [String]] = [:]
        for file in chapters where !selected.contains(file) {
            if let entry = remembered[file.moduleName], entry.source == sources[file] {
                broken[file] = entry.errors
            }
        }
        while true {
            let excluded = (broken.keys.map(\.moduleName) + leftOut).sorted()
            let build = try tool.build(
                BuildRequest(
                    chapterModules: chapters.map(\.moduleName), excluded: excluded, mine: mine))
            if build.succeeded {
                memory?.save(
                    Dictionary(
                        uniqueKeysWithValues: broken.map { file, errors in
                            (
                                file.moduleName,
                                BrokenChapterMemory.Entry(source: sources[file], errors: errors)
                            )
                        }))
                return broken
            }
            let errors = BuildFailureSummary.errors(
                in: build.output,
                chapters: chapters.filter { broken[$0] == nil && !leftOut.contains($0.moduleName) },
                lineMaps: lineMaps)
            guard !errors.isEmpty else {
                throw BuildFailure(
                    summary: BuildFailureSummary.render(
                        build.output, chapters: chapters, lineMaps: lineMaps))
            }
            broken.merge(errors) { old, _ in old }
        }
    }
}

/// The build failed outside the chapters (the library, the manifest, the reader's code).
package struct BuildFailure: Error, Equatable {
    /// What to print after the compiler's own output.
    package let summary: String
}
