import Foundation

/// A chapter after extraction and validation: everything the generator and `list` need.
public struct Chapter: Equatable, Sendable {
    /// The chapter's identity.
    package let file: ChapterFile
    /// The text of the chapter's first `#` heading (the file name when it has none).
    package let title: String
    /// Every `swift` block in document order, including excerpts and ignored ones.
    package let blocks: [Block]
    /// The compiled pieces, in document order of their first block.
    package let units: [CompiledUnit]
    /// The hints of the chapter's exercise, in order (`workbook hint`).
    let hints: [Hint]
    /// Excerpts that differ from the library regions they show; `check` reports them,
    /// other commands carry on (the loader fills this in its one pass over excerpts).
    var excerptDrift: [Diagnostic] = []
    /// The chapter's text as the loader read it: the blocks' lines are its lines, so later
    /// stages (`--update`) work from it, never from the file read again.
    package internal(set) var text = ""
    /// ``ChapterDigest`` of the bytes the loader read (the text's own UTF-8, which the
    /// loader keeps byte for byte): what a run records with its results. Computed when
    /// asked, so loading (`generate`, `check`) does not pay for it.
    package var digest: String { ChapterDigest.of(Data(text.utf8)) }

    /// Creates a chapter model.
    init(
        file: ChapterFile, title: String, blocks: [Block], units: [CompiledUnit],
        hints: [Hint] = []
    ) {
        self.file = file
        self.title = title
        self.blocks = blocks
        self.units = units
        self.hints = hints
    }

    /// The chapter's test methods with their Markdown lines, in document order.
    var tests: [ChapterTest] { units.flatMap(\.tests) }

    /// The chapter's test methods, in document order.
    var testNames: [String] { tests.map(\.name) }
}
