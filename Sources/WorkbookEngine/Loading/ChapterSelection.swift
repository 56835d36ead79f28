/// Resolves command-line chapter selectors (`03`, `3`, a slug, part of a slug) to chapters.
enum ChapterSelection {
    /// The chapters `selectors` name, all when empty; an unknown selector is an error that
    /// lists the chapters there are.
    static func select(
        _ selectors: [String], from files: [ChapterFile]
    ) throws(ChapterSelectionError) -> [ChapterFile] {
        guard !selectors.isEmpty else { return files }
        var selected: [ChapterFile] = []
        for selector in selectors {
            var matches = files.filter { $0.matches(selector: selector) }
            if matches.isEmpty, !selector.isEmpty, Int(selector) == nil {
                matches = files.filter { $0.slug.contains(selector.lowercased()) }
            }
            guard !matches.isEmpty else {
                let known = files.map { "\($0.number) \($0.slug)" }.joined(separator: "\n  ")
                throw ChapterSelectionError(
                    message:
                        "no chapter '\(selector)'; give a number, a slug or part of one:\n  \(known)"
                )
            }
            selected += matches.filter { !selected.contains($0) }
        }
        return selected.sorted()
    }

    /// The one chapter `selector` names.
    static func one(
        _ selector: String, from files: [ChapterFile]
    ) throws(ChapterSelectionError) -> ChapterFile {
        let selected = try select([selector], from: files)
        guard selected.count == 1, let chapter = selected.first else {
            throw ChapterSelectionError(
                message: "'\(selector)' names \(selected.count) chapters; give one number")
        }
        return chapter
    }
}

/// A selector that names no chapter, or not exactly one: a usage error.
package struct ChapterSelectionError: Error, Equatable, CustomStringConvertible {
    /// What to tell the reader.
    package let message: String

    package var description: String { message }
}
