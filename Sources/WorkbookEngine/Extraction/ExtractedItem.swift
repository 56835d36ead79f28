/// A block as the extractor found it, before groups and outputs are resolved.
enum ExtractedItem: Equatable, Sendable {
    /// A `swift` block (fenced or hidden), and the role its own info string gives, if any;
    /// the block's `role` is that role or `declarations` until its group is resolved.
    case swift(Block, declaredRole: BlockRole?)
    /// An ```` ```output ```` block.
    case output(OutputBlock)
    /// The chapter's title: the text of its first top-level heading.
    case title(String)
    /// A hint of the chapter's exercise, where its `</details>` closes it.
    case hint(Hint)
}
