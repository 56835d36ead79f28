/// A piece of Swift the lexer recognised, by its offsets in the code's Unicode scalars: what
/// the site colours, so that highlighting and the checks read a listing the same way.
package struct SwiftToken: Equatable, Sendable {
    /// What the lexer saw.
    package enum Kind: String, Equatable, Sendable {
        /// A line or block comment.
        case comment
        /// A string literal, or the part of one around an interpolation.
        case string
        /// A regex literal.
        case regex
        /// An identifier or keyword (backticked ones included).
        case word
        /// A numeric literal.
        case number
        /// `#if`, `#else`, `#endif`, `#sourceLocation` and the like.
        case directive
    }

    /// What the token is.
    package let kind: Kind
    /// Where it is, in Unicode scalars from the start of the code.
    package let range: Range<Int>
}
