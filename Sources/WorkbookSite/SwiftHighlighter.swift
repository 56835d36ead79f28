import WorkbookEngine

/// Colours a Swift listing at build time from the engine's own lexer (``SwiftToken``), so a
/// page needs no script to highlight and shows code the way the checks read it.
enum SwiftHighlighter {
    /// One line of `code` as HTML: text escaped, tokens in `<span class="tok-KIND">`.
    static func lines(of code: String) -> [String] {
        let scalars = Array(code.unicodeScalars)
        // Each scalar's class, as an index into `names` (0: none), so no string is copied per
        // character.
        var names: [String] = [""]
        var classes = [Int](repeating: 0, count: scalars.count)
        for token in SwiftLexer.tokens(of: code) {
            guard let name = className(of: token, in: scalars) else { continue }
            let number = names.firstIndex(of: name) ?? names.count
            if number == names.count { names.append(name) }
            for index in token.range.clamped(to: 0..<scalars.count) { classes[index] = number }
        }
        var lines: [String] = []
        var line = ""
        var open = 0
        var run = ""
        func flush() {
            guard !run.isEmpty else { return }
            line += open == 0 ? run : "<span class=\"tok-\(names[open])\">\(run)</span>"
            run = ""
        }
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "\n" {
                flush()
                lines.append(line)
                line = ""
            } else {
                if classes[index] != open {
                    flush()
                    open = classes[index]
                }
                HTML.append(scalar, to: &run)
            }
            index += 1
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
