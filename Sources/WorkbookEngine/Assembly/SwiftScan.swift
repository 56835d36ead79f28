/// What a light lexical scan found in a piece of Swift: enough to know that wrapping the
/// code in `extension … { }` or a function cannot break the generated file.
struct SwiftScan: Equatable, Sendable {
    /// A `func` declared at brace depth zero.
    struct Function: Equatable, Sendable {
        /// The function's name.
        let name: String
        /// The Markdown line of the `func` keyword.
        let line: Int
        /// Whether the parameter list is `()`: XCTest runs only such methods.
        var takesNoArguments = true
        /// Whether `static` or `class` precedes `func` (not an instance method).
        var isStatic = false
        /// Whether the name was written in backticks with characters an identifier cannot
        /// hold (a raw identifier such as `` `test two words` ``).
        var isRawIdentifier = false
        /// For each enclosing `#if` (by its index in the scan), which branch holds the
        /// function: two functions in different branches of one `#if` never coexist.
        var conditions: [Int: Int] = [:]

        /// Creates a function record.
        init(name: String, line: Int) {
            self.name = name
            self.line = line
        }

        /// Whether XCTest would run this function as a test: an instance method named
        /// `test...` that takes no arguments.
        var isTestMethod: Bool {
            name.hasPrefix("test") && takesNoArguments && !isStatic
        }

        /// Whether both functions can be compiled in the same configuration.
        func canCoexist(with other: Function) -> Bool {
            conditions.allSatisfy { key, branch in
                other.conditions[key].map { $0 == branch } ?? true
            }
        }
    }

    /// A `class` or `extension` declaration, at any depth.
    struct TypeDeclaration: Equatable, Sendable {
        /// `class` or `extension`.
        let keyword: String
        /// The identifiers of its header, from the name to the `{` (`Foo`, `XCTestCase`).
        let words: [String]
        /// The Markdown line of the keyword.
        let line: Int
        /// Functions declared directly in its body.
        var functions: [Function] = []

        /// The declared or extended type's name, qualified as written (`XCTest.XCTestCase`
        /// has `XCTestCase`).
        var name: String? { words.first == "XCTest" && words.count > 1 ? words[1] : words.first }
    }

    /// Functions declared at the top level of the scanned code.
    var topLevelFunctions: [Function] = []
    /// Classes and extensions, in order.
    var typeDeclarations: [TypeDeclaration] = []
    /// Names declared as types (`class`, `struct`, `enum`, `actor`, `protocol`,
    /// `typealias`), at any depth, with their lines (as a name and a line, like a function).
    var declaredTypeNames: [Function] = []
    /// Lines of `#sourceLocation` directives.
    var sourceLocationLines: [Int] = []
    /// Lines of `}` that close more than was opened.
    var unmatchedClosingLines: [Int] = []
    /// Lines of `{` still open at the end.
    var unclosedOpeningLines: [Int] = []
    /// Where a string literal or block comment starts that never ends, if any.
    var unterminatedLine: Int?
    /// What never ends ("string literal", "block comment").
    var unterminatedWhat: String?

    /// Whether braces balance and every literal and comment ends.
    var isBalanced: Bool {
        unmatchedClosingLines.isEmpty && unclosedOpeningLines.isEmpty && unterminatedLine == nil
    }
}
