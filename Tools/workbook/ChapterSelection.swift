import ArgumentParser
import WorkbookEngine

/// Resolves command-line chapter selectors (`03`, `3`, a slug) to chapters.
enum ChapterSelection {
    /// The chapters `selectors` name, all when empty; an unknown selector is a usage error.
    static func select(_ selectors: [String], from files: [ChapterFile]) throws -> [ChapterFile] {
        guard !selectors.isEmpty else { return files }
        var selected: [ChapterFile] = []
        for selector in selectors {
            var matches = files.filter { $0.matches(selector: selector) }
            if matches.isEmpty, !selector.isEmpty, Int(selector) == nil {
                matches = files.filter { $0.slug.contains(selector.lowercased()) }
            }
            guard !matches.isEmpty else {
                let known = files.map { "\($0.number) \($0.slug)" }.joined(separator: "\n  ")
                throw ValidationError(
                    "no chapter '\(selector)'; give a number, a slug or part of one:\n  \(known)")
            }
            selected += matches.filter { !selected.contains($0) }
        }
        return selected.sorted()
    }
}
