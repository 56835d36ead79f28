/// What a light lexical scan found in a piece of Swift: enough to know that wrapping the
/// code in `extension … { }` or a function cannot break the generated file.
public struct SwiftScan: Equatable, Sendable {
    /// A `func` declared at brace depth zero.
    public struct Function: Equatable, Sendable {
        /// The function's name.
        public let name: String
        /// The Markdown line of the `func` keyword.
        public let line: Int
    }

    /// Functions declared at the top level of the scanned code.
    public var topLevelFunctions: [Function] = []
    /// Lines of `}` that close more than was opened.
    public var unmatchedClosingLines: [Int] = []
    /// Lines of `{` still open at the end.
    public var unclosedOpeningLines: [Int] = []
    /// Where a string literal or block comment starts that never ends, if any.
    public var unterminatedLine: Int?
    /// What never ends ("string literal", "block comment").
    public var unterminatedWhat: String?

    /// Whether braces balance and every literal and comment ends.
    public var isBalanced: Bool {
        unmatchedClosingLines.isEmpty && unclosedOpeningLines.isEmpty && unterminatedLine == nil
    }
}
