/// The parts of a Markdown document the workbook cares about, in document order.
struct MarkdownElement: Equatable, Sendable {
    /// What kind of node cmark reported.
    enum Kind: Equatable, Sendable {
        /// A code block; `info` is the fence's info string (empty for indented blocks),
        /// `fence` its opening fence (`nil` for indented code, which is prose).
        case codeBlock(info: String, fence: Fence?)
        /// A raw HTML block, which is where hidden `<!-- swift` blocks live.
        case htmlBlock
        /// A heading with its level and plain text.
        case heading(level: Int, text: String)
    }

    /// A code block's opening fence, and whether a matching closing fence ends it.
    struct Fence: Equatable, Sendable {
        /// The fence text, e.g. "```" or "~~~~".
        let marker: String
        /// Whether the block ends with a closing fence (not at the end of its container).
        let isClosed: Bool
    }

    /// The node kind and its kind-specific data.
    let kind: Kind
    /// The node's literal content (code, HTML); empty for headings.
    let literal: String
    /// The 1-based first line of the node in the source (the opening fence for code blocks).
    let startLine: Int
    /// The 1-based last line of the node (the closing fence for closed code blocks).
    let endLine: Int
}
