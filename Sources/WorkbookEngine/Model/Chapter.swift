/// A chapter after extraction and validation: everything the generator and `list` need.
public struct Chapter: Equatable, Sendable {
    /// The chapter's identity.
    public let file: ChapterFile
    /// The text of the chapter's first `#` heading (the file name when it has none).
    public let title: String
    /// Every `swift` block in document order, including excerpts and ignored ones.
    public let blocks: [Block]
    /// The compiled pieces, in document order of their first block.
    public let units: [CompiledUnit]
    /// Excerpts that differ from the library regions they show; `check` reports them,
    /// other commands carry on (the loader fills this in its one pass over excerpts).
    public internal(set) var excerptDrift: [Diagnostic] = []

    /// Creates a chapter model.
    public init(file: ChapterFile, title: String, blocks: [Block], units: [CompiledUnit]) {
        self.file = file
        self.title = title
        self.blocks = blocks
        self.units = units
    }

    /// The chapter's test methods, in document order.
    public var testNames: [String] { units.flatMap(\.testNames) }
}
