/// Where the lines of a generated test file come from in its chapter, written by the
/// generator as it places each block: what maps a compiler error in the generated file
/// (outside any `#sourceLocation` the compiler already honours) back to the Markdown
/// without a later stage reading the generated Swift again.
///
/// It lives in memory only, handed from generation to the build within one run, and is
/// never written to disk, because no later stage in another process needs it:
/// - the build stage is the only reader, in the same `workbook test` (or `watch`,
///   `progress`, `site --run`) process that generated the file; every such run generates
///   first, and the generator renders every file in memory to compare it with the tree
///   even when nothing changed, so a map is always at hand;
/// - in the test processes, failures and crashes are located by the `#sourceLocation`
///   lines compiled into the tests, which already name the chapter and its line;
/// - what outlives the run (the JUnit file, `.build/workbook-results.json` for the site)
///   is written with chapter lines already mapped.
struct LineMap: Equatable, Sendable {
    /// One block's code placed in the generated file.
    struct Segment: Equatable, Sendable {
        /// The generated file's 1-based line holding the block's first line of code.
        let generatedLine: Int
        /// The chapter's 1-based line of that first line of code.
        let markdownLine: Int
        /// How many lines of code the block has.
        let lineCount: Int
    }

    /// The segments, in the order of the generated file.
    private(set) var segments: [Segment] = []

    /// Records that a block's code starting at chapter line `markdownLine` and `lineCount`
    /// lines long was written from generated line `generatedLine` on.
    mutating func add(generatedLine: Int, markdownLine: Int, lineCount: Int) {
        segments.append(
            Segment(generatedLine: generatedLine, markdownLine: markdownLine, lineCount: lineCount))
    }

    /// The chapter line of generated line `line`: inside a block, its own line; in the code
    /// generated after a block, that block's first line (the nearest block above); before
    /// any block, the chapter's first line.
    func markdownLine(forGenerated line: Int) -> Int {
        guard let segment = segments.last(where: { $0.generatedLine <= line }) else { return 1 }
        let offset = line - segment.generatedLine
        return offset < segment.lineCount ? segment.markdownLine + offset : segment.markdownLine
    }
}
