/// The parts of a Markdown document the workbook cares about, in document order.
public struct MarkdownElement: Equatable, Sendable {
    /// What kind of node cmark reported.
    public enum Kind: Equatable, Sendable {
        /// A code block; `info` is the fence's info string (empty for indented blocks),
        /// `fence` its opening fence (`nil` for indented code, which is prose).
        case codeBlock(info: String, fence: Fence?)
        /// A raw HTML block, which is where hidden `<!-- swift` blocks live.
        case htmlBlock
        /// A heading with its level and plain text.
        case heading(level: Int, text: String)
    }

    /// A code block's opening fence, and whether a matching closing fence ends it.
    public struct Fence: Equatable, Sendable {
        /// The fence text, e.g. "```" or "~~~~".
        public let marker: String
        /// Whether the block ends with a closing fence (not at the end of its container).
        public let isClosed: Bool

        /// Creates a fence description.
        public init(marker: String, isClosed: Bool) {
            self.marker = marker
            self.isClosed = isClosed
        }
    }

    /// The node kind and its kind-specific data.
    public let kind: Kind
    /// The node's literal content (code, HTML); empty for headings.
    public let literal: String
    /// The 1-based first line of the node in the source (the opening fence for code blocks).
    public let startLine: Int
    /// The 1-based last line of the node (the closing fence for closed code blocks).
    public let endLine: Int

    /// Creates an element; the parser is the only producer outside tests.
    public init(kind: Kind, literal: String, startLine: Int, endLine: Int) {
        self.kind = kind
        self.literal = literal
        self.startLine = startLine
        self.endLine = endLine
    }
}
