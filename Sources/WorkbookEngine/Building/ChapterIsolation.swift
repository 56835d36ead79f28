import Foundation

/// Builds the chapters asked for so that chapters that do not compile never stop the others:
/// while a build fails in chapters, those chapters are left out and the build runs again.
/// What fails outside the chapters (the library, the manifest, the reader's workbench) is a
/// ``BuildFailure``.
///
/// Only the selected chapters are built: the learner's `workbook test 03` compiles and
/// links chapter 03 alone, and a chapter not asked for, broken or not, costs nothing.
struct ChapterIsolation {
    /// The build tool.
    let tool: any BuildTool

    /// Builds the `selected` chapters of `chapters`, leaving out what does not compile;
    /// returns the chapters that did not, with their errors. `lineMaps` (from generation)
    /// place errors in the code generated around a chapter's blocks. The `invalid` chapters
    /// (not loaded, so not generated afresh) are never built, whatever is on disk of them.
    func build(
        _ chapters: [ChapterFile], selected: [ChapterFile], lineMaps: [ChapterFile: LineMap],
        mine: Bool, parked: [String] = [], invalid: [ChapterFile] = []
    ) throws -> [ChapterFile: [String]] {
        let leftOut = Set(
            chapters.filter { !selected.contains($0) }.map(\.moduleName)
                + invalid.map(\.moduleName))
        var broken: [ChapterFile: [String]] = [:]
        while true {
            let excluded = (broken.keys.map(\.moduleName) + leftOut).sorted()
            let build = try tool.build(
                BuildRequest(
                    chapterModules: chapters.map(\.moduleName), excluded: excluded, mine: mine,
                    parked: parked))
            if build.succeeded { return broken }
            let errors = BuildFailureSummary.errors(
                in: build.output,
                chapters: chapters.filter { broken[$0] == nil && !leftOut.contains($0.moduleName) },
                lineMaps: lineMaps)
            guard !errors.isEmpty else {
                throw BuildFailure(summary: BuildFailureSummary.render(errors, chapters: chapters))
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
