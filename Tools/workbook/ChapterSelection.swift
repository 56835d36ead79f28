import ArgumentParser
import WorkbookEngine

/// Resolves command-line chapter selectors (`03`, `3`, a slug) to chapters.
enum ChapterSelection {
    /// The chapters `selectors` name, all when empty; an unknown selector is a usage error.
    static func select(_ selectors: [String], from files: [ChapterFile]) throws -> [ChapterFile] {
        guard !selectors.isEmpty else { return files }
        var selected: [ChapterFile] = []
        for selector in selectors {
            let matches = files.filter { $0.matches(selector: selector) }
            guard !matches.isEmpty else {
                throw ValidationError(
                    "no chapter '\(selector)'; chapters: \(files.map(\.number).joined(separator: ", "))"
                )
            }
            selected += matches.filter { !selected.contains($0) }
        }
        return selected.sorted()
    }
}
