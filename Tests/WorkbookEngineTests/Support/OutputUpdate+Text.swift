@testable import WorkbookEngine

/// For the update's golden and adversarial tests, which start from a chapter's text: the
/// chapter loaded from it as the run would (extracted and assembled), then updated.
extension OutputUpdate {
    static func rewrite(
        _ text: String, path: String, mismatches: [Mismatch]
    ) throws -> Rewritten {
        let file = try ChapterFile(fileName: String(path.split(separator: "/").last ?? ""))
        let chapter = try ChapterAssembler.chapter(
            file: file, items: ChapterExtractor.items(of: text, path: path))
        return try rewrite(text, chapter: chapter, mismatches: mismatches)
    }
}
