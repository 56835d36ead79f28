/// Where the lines of a generated test file come from in its chapter, written by the
/// generator as it places each block: what maps a compiler error in the generated file
/// (outside any `#sourceLocation` the compiler already honours) back to the Markdown
/// without a later stage reading the generated Swift again.
package struct LineMap: Equatable, Sendable, Codable {
    /// One block's code placed in the generated file.
    package struct Segment: Equatable, Sendable, Codable {
        /// The generated file's 1-based line holding the block's first line of code.
        package let generatedLine: Int
        /// The chapter's 1-based line of that first line of code.
        package let markdownLine: Int
        /// How many lines of code the block has.
        package let lineCount: Int
    }

    /// The segments, in the order of the generated file.
    package private(set) var segments: [Segment] = []

    /// An empty map; the generator adds each block as it writes it.
    package init(segments: [Segment] = []) {
        self.segments = segments
    }

    /// Records that a block's code starting at chapter line `markdownLine` and `lineCount`
    /// lines long was written from generated line `generatedLine` on.
    package mutating func add(generatedLine: Int, markdownLine: Int, lineCount: Int) {
        segments.append(
            Segment(generatedLine: generatedLine, markdownLine: markdownLine, lineCount: lineCount))
    }

    /// The chapter line of generated line `line`: inside a block, its own line; in the code
    /// generated after a block, that block's first line (the nearest block above); before
    /// any block, the chapter's first line.
    package func markdownLine(forGenerated line: Int) -> Int {
        guard let segment = segments.last(where: { $0.generatedLine <= line }) else { return 1 }
        let offset = line - segment.generatedLine
        return offset < segment.lineCount ? segment.markdownLine + offset : segment.markdownLine
    }
}
