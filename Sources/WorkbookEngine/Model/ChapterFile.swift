import WorkbookContract

/// The identity of a chapter, derived from its file name `NN-slug.md`.
///
/// The number decides the test module (`ChapterNNTests`), so two chapters can declare the
/// same names without clashing.
package struct ChapterFile: Equatable, Hashable, Sendable, Comparable {
    /// The two-digit chapter number, e.g. `"03"`.
    package let number: String
    /// The part of the name after the number, e.g. `"subjects"`.
    let slug: String

    /// Parses `fileName` (no directory). Throws a diagnostic when it does not match
    /// `NN-slug.md` with a slug of lowercase letters, digits and single hyphens.
    init(fileName: String) throws(Diagnostic) {
        let path = "Chapters/\(fileName)"
        let characters = Array(fileName)
        guard fileName.hasSuffix(".md"), characters.count > 6,
            characters[0].isASCII, characters[0].isNumber,
            characters[1].isASCII, characters[1].isNumber,
            characters[2] == "-"
        else {
            throw Diagnostic(
                file: path, line: 1,
                message: "chapter file name must match NN-name.md (two digits, a hyphen, a name)")
        }
        let slug = String(characters[3..<(characters.count - 3)])
        let allowed = slug.allSatisfy { $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "-") }
        guard allowed, !slug.hasPrefix("-"), !slug.hasSuffix("-"), !slug.contains("--") else {
            throw Diagnostic(
                file: path, line: 1,
                message:
                    "chapter name '\(slug)' must use lowercase letters, digits and single hyphens")
        }
        self.number = String(characters[0..<2])
        self.slug = slug
    }

    /// The file name, e.g. `03-subjects.md`.
    package var fileName: String { "\(number)-\(slug).md" }

    /// The path relative to the workbook root, as used in diagnostics and `#sourceLocation`.
    package var relativePath: String { "Chapters/\(fileName)" }

    /// The test module (and XCTestCase class) the chapter compiles into.
    var moduleName: String { ChapterNaming.module(chapter: number) }

    /// Where the generated Swift file lives, relative to the workbook root.
    var generatedRelativePath: String {
        "\(ChapterNaming.generatedFolder)/\(moduleName)/\(moduleName).swift"
    }

    /// Whether a command-line selector (`03`, `3` or the slug) names this chapter.
    func matches(selector: String) -> Bool {
        if selector == slug || selector == fileName || selector == "\(number)-\(slug)" {
            return true
        }
        if let wanted = Int(selector), let own = Int(number) {
            return wanted == own
        }
        return false
    }

    /// Chapters sort by number.
    package static func < (lhs: ChapterFile, rhs: ChapterFile) -> Bool {
        lhs.number < rhs.number
    }
}
