/// A block as the extractor found it, before groups and outputs are resolved.
public enum ExtractedItem: Equatable, Sendable {
    /// A `swift` block (fenced or hidden) with its parsed attributes.
    case swift(SwiftBlockDraft)
    /// An ```` ```output ```` block.
    case output(OutputBlock)
    /// The chapter's title: the text of its first top-level heading.
    case title(String)
}

/// A `swift` block whose role may still come from its group.
public struct SwiftBlockDraft: Equatable, Sendable {
    /// The attributes of the info string.
    public let info: InfoString
    /// The block's code.
    public let code: String
    /// The line of the opening fence or `<!-- swift`.
    public let fenceLine: Int
    /// The line of the first line of code.
    public let codeLine: Int
    /// Whether the block is a hidden HTML comment.
    public let isHidden: Bool
    /// The slug of the nearest heading above.
    public let headingSlug: String?

    /// Creates a draft.
    public init(
        info: InfoString, code: String, fenceLine: Int, codeLine: Int, isHidden: Bool,
        headingSlug: String?
    ) {
        self.info = info
        self.code = code
        self.fenceLine = fenceLine
        self.codeLine = codeLine
        self.isHidden = isHidden
        self.headingSlug = headingSlug
    }
}
