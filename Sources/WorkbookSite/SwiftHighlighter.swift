import WorkbookEngine

/// Colours a Swift listing at build time from the engine's own lexer (``SwiftToken``), so a
/// page needs no script to highlight and shows code the way the checks read it.
enum SwiftHighlighter {
    /// One line of `code` as HTML: text escaped, tokens in `<span class="tok-KIND">`.
    static func lines(of code: String) -> [String] {
        let scalars = Array(code.unicodeScalars)
        var classes = [String?](repeating: nil, count: scalars.count)
        for token in SwiftLexer.tokens(of: code) {
            let range = token.range.clamped(to: 0..<scalars.count)
            guard let name = className(of: token, in: scalars) else { continue }
            for index in range { classes[index] = name }
        }
        var lines: [String] = []
        var line = ""
        var open: String?
        var run = ""
        func flush() {
            guard !run.isEmpty else { return }
            line += open.map { "<span class=\"tok-\($0)\">\(run)</span>" } ?? run
            run = ""
        }
        for (index, scalar) in scalars.enumerated() {
            if scalar == "\n" {
                flush()
                lines.append(line)
                line = ""
                continue
            }
            if classes[index] != open {
                flush()
                open = classes[index]
            }
            run += HTML.escape(String(scalar))
        }
        flush()
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }

    /// The class of a token; words are keywords, types (capitalised), attributes (after `@`)
    /// or compiler words (after `#`); other identifiers are left plain.
    private static func className(of token: SwiftToken, in scalars: [Unicode.Scalar]) -> String? {
        switch token.kind {
        case .comment, .string, .regex, .number, .directive:
            return token.kind.rawValue
        case .word:
            let word = String(String.UnicodeScalarView(scalars[token.range]))
            let before = token.range.lowerBound > 0 ? scalars[token.range.lowerBound - 1] : " "
            if before == "@" { return "attribute" }
            if before == "#" { return "directive" }
            if keywords.contains(word) { return "keyword" }
            if word.first?.isUppercase == true { return "type" }
            return nil
        }
    }

    /// Swift's keywords, as its reference lists them, and the contextual ones listings use.
    private static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func",
        "import", "init", "inout", "internal", "let", "open", "operator", "private",
        "precedencegroup", "protocol", "public", "rethrows", "static", "struct", "subscript",
        "typealias", "var", "break", "case", "catch", "continue", "default", "defer", "do",
        "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw",
        "switch", "where", "while", "Any", "as", "await", "false", "is", "nil", "self", "Self",
        "super", "throws", "true", "try", "async", "actor", "any", "some", "final", "lazy",
        "mutating", "nonmutating", "override", "required", "convenience", "weak", "unowned",
        "indirect", "nonisolated", "isolated", "consuming", "borrowing", "sending", "package",
        "get", "set", "willSet", "didSet",
    ]
}
