import Foundation

/// Compares excerpt blocks with the library regions they show, so a chapter cannot drift
/// from the code it explains.
public enum ExcerptChecker {
    /// Problems with every excerpt of `chapter`: missing files or regions, or differences.
    public static func problems(
        in chapter: Chapter, root: URL, sources: ExcerptSources? = nil
    ) -> [Diagnostic] {
        let sources = sources ?? ExcerptSources(root: root)
        var problems: [Diagnostic] = []
        for block in chapter.blocks {
            guard case .excerpt(let reference) = block.role else { continue }
            let path = chapter.file.relativePath
            do throws(Diagnostic) {
                let region = try SourceRegion(
                    reference, sources: sources, chapterPath: path, line: block.fenceLine)
                if let problem = difference(
                    block: block, region: region, reference: reference, path: path)
                {
                    problems.append(problem)
                }
            } catch {
                problems.append(error)
            }
        }
        return problems
    }

    /// Problems with excerpts whose file or region is missing (drift is not checked).
    public static func missingRegions(
        in chapter: Chapter, root: URL, sources: ExcerptSources? = nil
    ) -> [Diagnostic] {
        let sources = sources ?? ExcerptSources(root: root)
        var problems: [Diagnostic] = []
        for block in chapter.blocks {
            guard case .excerpt(let reference) = block.role else { continue }
            do throws(Diagnostic) {
                _ = try SourceRegion(
                    reference, sources: sources, chapterPath: chapter.file.relativePath,
                    line: block.fenceLine)
            } catch {
                problems.append(error)
            }
        }
        return problems
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
