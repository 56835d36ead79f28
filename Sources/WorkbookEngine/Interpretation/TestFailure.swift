/// One assertion failure from XCTest output, located in the chapter's Markdown.
public struct TestFailure: Equatable, Sendable {
    /// The test class (`ChapterNNTests`).
    public let className: String
    /// The test method.
    public let testName: String
    /// The file XCTest reported (a `Chapters/…md` path thanks to `#sourceLocation`).
    public let file: String
    /// The reported line.
    public let line: Int
    /// The failure message, possibly several lines.
    public var message: String

    /// Creates a failure.
    public init(className: String, testName: String, file: String, line: Int, message: String) {
        self.className = className
        self.testName = testName
        self.file = file
        self.line = line
        self.message = message
    }
}
