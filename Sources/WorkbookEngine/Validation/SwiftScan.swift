/// What a light lexical scan found in a piece of Swift: enough to know that wrapping the
/// code in `extension … { }` or a function cannot break the generated file.
public struct SwiftScan: Equatable, Sendable {
    /// A `func` declared at brace depth zero.
    public struct Function: Equatable, Sendable {
        /// The function's name.
        public let name: String
        /// The Markdown line of the `func` keyword.
        public let line: Int
        /// Whether the parameter list is `()`: XCTest runs only such methods.
        public var takesNoArguments = true
        /// Whether `static` or `class` precedes `func` (not an instance method).
        public var isStatic = false
        /// Whether the name was written in backticks with characters an identifier cannot
        /// hold (a raw identifier such as `` `test two words` ``).
        public var isRawIdentifier = false
        /// For each enclosing `#if` (by its index in the scan), which branch holds the
        /// function: two functions in different branches of one `#if` never coexist.
        public var conditions: [Int: Int] = [:]

        /// Creates a function record.
        public init(name: String, line: Int) {
            self.name = name
            self.line = line
        }

        /// Whether XCTest would run this function as a test: an instance method named
        /// `test...` that takes no arguments.
        public var isTestMethod: Bool {
            name.hasPrefix("test") && takesNoArguments && !isStatic
        }

        /// Whether both functions can be compiled in the same configuration.
        public func canCoexist(with other: Function) -> Bool {
            conditions.allSatisfy { key, branch in
                other.conditions[key].map { $0 == branch } ?? true
            }
        }
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
