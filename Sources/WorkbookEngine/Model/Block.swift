/// One `swift` block of a chapter, visible or hidden, with its role resolved; the extractor is
/// the only producer outside tests (the memberwise initializer).
package struct Block: Equatable, Sendable {
    /// What the generator does with the block (a group part has its group's role).
    package internal(set) var role: BlockRole
    /// The group the block belongs to, if any.
    package let group: String?
    /// The block's code, ending with a newline unless empty.
    package let code: String
    /// The line of the opening fence (or of `<!-- swift`).
    package let fenceLine: Int
    /// The line of the first line of code; `#sourceLocation` points here.
    package let codeLine: Int
    /// Whether the block is an HTML comment, invisible when GitHub renders the chapter.
    package let isHidden: Bool
    /// The GitHub slug of the nearest heading above the block, the default example name.
    let headingSlug: String?
}
