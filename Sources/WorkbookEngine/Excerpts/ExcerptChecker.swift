import Foundation

/// Compares excerpt blocks with the library regions they show, so a chapter cannot drift
/// from the code it explains.
enum ExcerptChecker {
    /// Every excerpt of `chapter` in one pass: `missing` when the file or region does not
    /// exist (an error for every command), `drift` when the block differs from the region
    /// (reported by `check`, so editing library code never blocks a test run).
    static func check(
        _ chapter: Chapter, sources: ExcerptSources
    ) -> (missing: [Diagnostic], drift: [Diagnostic]) {
        var missing: [Diagnostic] = []
        var drift: [Diagnostic] = []
        let path = chapter.file.relativePath
        for block in chapter.blocks {
            guard case .excerpt(let reference) = block.role else { continue }
            do throws(Diagnostic) {
                let region = try SourceRegion(
                    reference, sources: sources, chapterPath: path, line: block.fenceLine)
                if let problem = difference(
                    block: block, region: region, reference: reference, path: path)
                {
                    drift.append(problem)
                }
            } catch {
                missing.append(error)
            }
        }
        return (missing, drift)
    }

    private static func difference(
        block: Block, region: SourceRegion, reference: SourceRegionReference, path: String
    ) -> Diagnostic? {
        var raw = block.code.split(separator: "\n", omittingEmptySubsequences: false).map(
            String.init)
        if raw.last == "" { raw.removeLast() }
        let leadingBlank = raw.prefix { $0.trimmingSpaces.isEmpty }.count
        let shown = SourceRegion.normalized(raw)
        guard shown != region.lines else { return nil }
        let index =
            zip(shown, region.lines).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            ?? min(shown.count, region.lines.count)
        let line = block.codeLine + leadingBlank + min(index, max(shown.count - 1, 0))
        let expected = index < region.lines.count ? region.lines[index] : "(end of region)"
        let found = index < shown.count ? shown[index] : "(end of block)"
        return Diagnostic(
            file: path, line: line,
            message: "excerpt differs from \(reference): expected '\(expected)', found '\(found)'")
    }
}
