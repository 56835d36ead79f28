/// One failure of a chapter's test, located in the chapter's Markdown: an assertion XCTest
/// reported, or what the runner saw (a crash, a time limit, a test never run).
struct ChapterFailure: Equatable, Sendable {
    /// The test class (`ChapterNNTests`).
    let className: String
    /// The test method.
    let testName: String
    /// The file the failure is in (a `Chapters/…md` path thanks to `#sourceLocation`).
    let file: String
    /// The Markdown line.
    let line: Int
    /// The failure message, possibly several lines.
    var message: String
}
