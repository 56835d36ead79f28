/// A section of the workbook that teaches a rule: a chapter and one of its headings.
public struct Lesson: Sendable, Equatable {
    /// The chapter's number, which orders lessons the way a reader meets them.
    public let chapter: Int
    /// The chapter's file name in `Chapters/` (`03-custom-subject.md`).
    public let file: String
    /// The heading, without its `#` marks.
    public let heading: String

    /// `Lesson(3, "custom-subject", "A first draft")` is `Chapters/03-custom-subject.md`'s
    /// section "A first draft".
    init(_ chapter: Int, _ slug: String, _ heading: String) {
        self.chapter = chapter
        file = (chapter < 10 ? "0" : "") + "\(chapter)-\(slug).md"
        self.heading = heading
    }

    /// `Chapters/03-custom-subject.md`.
    public var path: String { "Chapters/\(file)" }
}
