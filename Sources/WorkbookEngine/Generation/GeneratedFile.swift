/// A file `generate` owns: its path relative to the workbook root and its content.
public struct GeneratedFile: Equatable, Sendable {
    /// Path relative to the workbook root.
    let path: String
    /// The complete content.
    let contents: String
    /// What it is generated from, for errors (e.g. `Chapters/03-x.md`).
    let source: String
    /// For a chapter's test file, where its lines come from in the chapter.
    let lineMap: LineMap?

    /// Creates a generated file.
    init(path: String, contents: String, source: String, lineMap: LineMap? = nil) {
        self.path = path
        self.contents = contents
        self.source = source
        self.lineMap = lineMap
    }
}
