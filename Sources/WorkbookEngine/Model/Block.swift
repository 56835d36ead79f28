/// One `swift` block of a chapter, visible or hidden, with its role resolved.
public struct Block: Equatable, Sendable {
    /// What the generator does with the block (a group part has its group's role).
    public internal(set) var role: BlockRole
    /// The group the block belongs to, if any.
    public let group: String?
    /// The block's code, ending with a newline unless empty.
    public let code: String
    /// The line of the opening fence (or of `<!-- swift`).
    public let fenceLine: Int
    /// The line of the first line of code; `#sourceLocation` points here.
    public let codeLine: Int
    /// Whether the block is an HTML comment, invisible when GitHub renders the chapter.
    public let isHidden: Bool
    /// The GitHub slug of the nearest heading above the block, the default example name.
    public let headingSlug: String?

    /// Creates a block; the extractor is the only producer outside tests.
    public init(
        role: BlockRole, group: String?, code: String, fenceLine: Int, codeLine: Int,
        isHidden: Bool, headingSlug: String?
    ) {
        self.role = role
        self.group = group
        self.code = code
        self.fenceLine = fenceLine
        self.codeLine = codeLine
        self.isHidden = isHidden
        self.headingSlug = headingSlug
    }
}
