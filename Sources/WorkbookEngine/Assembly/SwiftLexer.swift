/// A small lexer that skips comments, string literals (raw, multi-line, interpolated) and
/// regex literals (`#/.../#` and `/.../`) to count braces and find top-level functions,
/// with the `#if` branch each sits in. It is not a parser: it only has to be right about
/// what would break the generated wrapping and which methods XCTest runs.
///
/// Chosen over swift-syntax's parser by measurement (BENCHMARKS.md, "Checker: lexer or
/// swift-syntax"): SwiftParser adds about three minutes and 2 GB of peak memory to a
/// reader's first clean build and, in the debug build `swift run` uses, 30 to 40 times
/// the lexer's time per chapter (over a second for the workbook), while on every
/// `.swift` file of this package and of OpenCombine the two agree on balance and
/// top-level functions (`LexerCorpusTests` keeps the lexer's side of that checked).
package struct SwiftLexer {
    private enum Context {
        case string(pounds: Int, multiline: Bool, line: Int)
        case interpolation(parens: Int)
        case blockComment(depth: Int, line: Int)
    }

    private var contexts: [Context] = []
    private var openBraces: [Int] = []
    private var scan = SwiftScan()
    private var previousWord = ""
    /// Words since the last punctuation, to see `static`/`class` before `func`.
    private var recentWords: [String] = []
    /// Whether the last token ends an operand, so a `/` after it divides.
    private var afterOperand = false
    /// The open `#if`s: their index and current branch.
    private var conditionStack: [(index: Int, branch: Int)] = []
    private var conditionCount = 0
    /// A `class` or `extension` header being read, up to its `{`.
    private var header: SwiftScan.TypeDeclaration?
    /// For each open brace, the index in `scan.typeDeclarations` of the body it opens.
    private var braceDeclarations: [Int?] = []
    /// Where each open string (or the part after its last interpolation) and the outermost
    /// open block comment start, for ``tokens(of:)``.
    private var openStarts: [Int] = []
    /// The tokens passed, when ``tokens(of:)`` asks for them.
    private var tokens: [SwiftToken]?

    /// The comments, literals, words, numbers and directives of `code` (a block of its own),
    /// in order: what the site's highlighting colours, read by the same rules as the checks.
    package static func tokens(of code: String) -> [SwiftToken] {
        var lexer = SwiftLexer()
        lexer.tokens = []
        lexer.consume(Array(code.unicodeScalars), firstLine: 1)
        return lexer.tokens ?? []
    }

    private mutating func record(_ kind: SwiftToken.Kind, _ range: Range<Int>) {
        tokens?.append(SwiftToken(kind: kind, range: range))
    }

    /// Scans `segments` (code with the Markdown line of its first line) as one unit, so a
    /// group's parts may be unbalanced on their own.
    static func scan(_ segments: [(code: String, firstLine: Int)]) -> SwiftScan {
        var lexer = SwiftLexer()
        for segment in segments {
            lexer.consume(Array(segment.code.unicodeScalars), firstLine: segment.firstLine)
        }
        return lexer.finish()
    }

    private mutating func finish() -> SwiftScan {
        for context in contexts {
            switch context {
            case .string(_, _, let line):
                markUnterminated("string literal", line: line)
            case .blockComment(_, let line):
                markUnterminated("block comment", line: line)
            case .interpolation:
                break
            }
        }
        scan.unclosedOpeningLines = openBraces
        return scan
    }

    private mutating func markUnterminated(_ what: String, line: Int) {
        if scan.unterminatedLine == nil {
            scan.unterminatedLine = line
            scan.unterminatedWhat = what
        }
    }

    private mutating func consume(_ text: [Unicode.Scalar], firstLine: Int) {
        var index = 0
        var line = firstLine
        func at(_ offset: Int) -> Unicode.Scalar? {
            index + offset < text.count ? text[index + offset] : nil
        }
        func starts(with literal: String, from offset: Int = 0) -> Bool {
            for (position, scalar) in literal.unicodeScalars.enumerated()
            where at(offset + position) != scalar {
                return false
            }
            return true
        }
        func pounds(from offset: Int) -> Int {
            var count = 0
            while at(offset + count) == "#" { count += 1 }
            return count
        }

        while index < text.count {
            let scalar = text[index]
            if scalar == "\n" {
                line += 1
                if case .string(_, false, let start)? = contexts.last {
                    markUnterminated("string literal", line: start)
                    contexts.removeLast()
                    record(.string, (openStarts.popLast() ?? index)..<index)
                }
                index += 1
                continue
            }
            switch contexts.last {
            case .blockComment(let depth, let start)?:
                if scalar != "*" && scalar != "/" {
                    index += 1
                } else if starts(with: "*/") {
                    contexts.removeLast()
                    if depth > 1 { contexts.append(.blockComment(depth: depth - 1, line: start)) }
                    if depth == 1 {
                        record(.comment, (openStarts.popLast() ?? index)..<(index + 2))
                    }
                    index += 2
                } else if starts(with: "/*") {
                    contexts.removeLast()
                    contexts.append(.blockComment(depth: depth + 1, line: start))
                    index += 2
                } else {
                    index += 1
                }
            case .string(let count, let multiline, _)?:
                if scalar == "\\", pounds(from: 1) == count {
                    let next = index + 1 + count
                    if next < text.count, text[next] == "(" {
                        record(.string, (openStarts.last ?? index)..<(next + 1))
                        contexts.append(.interpolation(parens: 1))
                        index = next + 1
                    } else {
                        index = next + 1 < text.count && text[next] != "\n" ? next + 1 : next
                    }
                } else if scalar == "\"", !multiline || starts(with: "\"\"\"") {
                    let quotes = multiline ? 3 : 1
                    if pounds(from: quotes) >= count {
                        contexts.removeLast()
                        record(.string, (openStarts.popLast() ?? index)..<(index + quotes + count))
                        afterOperand = true
                        index += quotes + count
                    } else {
                        index += 1
                    }
                } else {
                    index += 1
                }
            case .interpolation, nil:
                // Spaces and tabs (indentation, most of a block's code) change nothing the
                // code scan reads: skipped here, without its call (`generate`'s hot path).
                if scalar == " " || scalar == "\t" {
                    index += 1
                    continue
                }
                let end = consumeCode(
                    text, index: index, line: line, pounds: pounds, starts: starts)
                // A multi-line extended regex literal (`#/` then a newline) is skipped whole:
                // count its lines, or every line after it would be reported too early.
                if end > index + 1 {
                    for scalar in text[(index + 1)..<end] where scalar == "\n" { line += 1 }
                }
                index = end
            }
        }
        previousWord = ""
    }

    private mutating func consumeCode(
        _ text: [Unicode.Scalar], index start: Int, line: Int,
        pounds: (Int) -> Int, starts: (String, Int) -> Bool
    ) -> Int {
        var index = start
        let scalar = text[index]
        let next: Unicode.Scalar? = index + 1 < text.count ? text[index + 1] : nil
        if scalar == "/", next == "/" {
            while index < text.count, text[index] != "\n" { index += 1 }
            record(.comment, start..<index)
            return index
        }
        if scalar == "/", next == "*" {
            contexts.append(.blockComment(depth: 1, line: line))
            openStarts.append(index)
            return index + 2
        }
        let hashes = scalar == "#" ? pounds(0) : 0
        if hashes > 0, index + hashes < text.count, text[index + hashes] == "/",
            let end = Self.extendedRegexEnd(text, from: index + hashes + 1, pounds: hashes)
        {
            afterOperand = true
            record(.regex, index..<end)
            return end
        }
        if scalar == "/", !afterOperand, let end = Self.bareRegexEnd(text, from: index + 1) {
            afterOperand = true
            record(.regex, index..<end)
            return end
        }
        if scalar == "#", let end = directive(text, index: index, line: line) {
            record(.directive, index..<end)
            return end
        }
        if scalar == "`" {
            var end = index + 1
            while end < text.count, text[end] != "`", text[end] != "\n" { end += 1 }
            if end < text.count, text[end] == "`" {
                let word = String(String.UnicodeScalarView(text[(index + 1)..<end]))
                let isRaw =
                    !word.unicodeScalars.allSatisfy(Self.isIdentifierContinue)
                    || word.first?.isNumber == true
                self.word(word, text: text, end: end + 1, line: line, isRaw: isRaw)
                record(.word, index..<(end + 1))
                afterOperand = true
                return end + 1
            }
        }
        if scalar == "\""
            || (hashes > 0 && index + hashes < text.count && text[index + hashes] == "\"")
        {
            let multiline = starts("\"\"\"", hashes)
            contexts.append(.string(pounds: hashes, multiline: multiline, line: line))
            openStarts.append(index)
            previousWord = ""
            return index + hashes + (multiline ? 3 : 1)
        }
        switch scalar {
        case "{":
            openBraces.append(line)
            if let header, header.name != nil {
                scan.typeDeclarations.append(header)
                braceDeclarations.append(scan.typeDeclarations.count - 1)
            } else {
                braceDeclarations.append(nil)
            }
            header = nil
            afterOperand = false
        case "}":
            afterOperand = true
            if openBraces.isEmpty {
                scan.unmatchedClosingLines.append(line)
            } else {
                openBraces.removeLast()
                braceDeclarations.removeLast()
            }
        case "(":
            afterOperand = false
            if case .interpolation(let parens)? = contexts.last {
                contexts[contexts.count - 1] = .interpolation(parens: parens + 1)
            }
        case ")":
            afterOperand = true
            if case .interpolation(let parens)? = contexts.last {
                if parens == 1 {
                    contexts.removeLast()
                    if !openStarts.isEmpty { openStarts[openStarts.count - 1] = index }
                } else {
                    contexts[contexts.count - 1] = .interpolation(parens: parens - 1)
                }
            }
        default:
            if Self.isIdentifierStart(scalar) {
                var end = index
                while end < text.count, Self.isIdentifierContinue(text[end]) { end += 1 }
                let word = String(String.UnicodeScalarView(text[index..<end]))
                self.word(word, text: text, end: end, line: line, isRaw: false)
                record(.word, index..<end)
                afterOperand = !Self.expressionKeywords.contains(word)
                return end
            }
            if scalar.isASCII, scalar.value >= 48, scalar.value <= 57 {
                var end = index
                while end < text.count, Self.isIdentifierContinue(text[end]) || text[end] == "." {
                    end += 1
                }
                previousWord = ""
                recentWords = []
                afterOperand = true
                record(.number, index..<end)
                return end
            }
        }
        if !Self.isWhitespace(scalar) {
            previousWord = ""
            recentWords = []
            if scalar != "}" && scalar != ")" && scalar != "]" && scalar != "!" && scalar != "?" {
                afterOperand = false
            } else if scalar == "]" {
                afterOperand = true
            }
        }
        return index + 1
    }

    /// Words after which `/` starts an expression (a regex), not a division.
    private static let expressionKeywords: Set<String> = [
        "return", "case", "in", "try", "await", "throw", "if", "guard", "while", "where",
        "else", "do", "repeat", "switch", "let", "var", "is", "as", "some", "any",
    ]

    /// Records an identifier (plain or backticked); after `func` at the top level it is a
    /// function, whose parameter list is looked at ahead.
    private mutating func word(
        _ word: String, text: [Unicode.Scalar], end: Int, line: Int, isRaw: Bool
    ) {
        if previousWord == "func", contexts.isEmpty {
            var function = SwiftScan.Function(name: word, line: line)
            function.isRawIdentifier = isRaw
            function.isStatic = recentWords.contains("static") || recentWords.contains("class")
            function.takesNoArguments = Self.emptyParameterList(text, from: end)
            for condition in conditionStack {
                function.conditions[condition.index] = condition.branch
            }
            if openBraces.isEmpty {
                scan.topLevelFunctions.append(function)
            } else if let owner = braceDeclarations.last ?? nil {
                scan.typeDeclarations[owner].functions.append(function)
            }
        }
        if contexts.isEmpty {
            readHeader(word, line: line)
            if Self.typeKeywords.contains(previousWord) {
                scan.declaredTypeNames.append(SwiftScan.Function(name: word, line: line))
            }
        }
        previousWord = word
        recentWords.append(word)
    }

    /// Follows a `class` or `extension` header: its words up to the `{`. `class` before
    /// `func`, `var` and the like is a modifier, not a declaration.
    private mutating func readHeader(_ word: String, line: Int) {
        if header == nil || header?.words.isEmpty == true,
            word == "class" || word == "extension"
        {
            header = SwiftScan.TypeDeclaration(keyword: word, words: [], line: line)
        } else if header != nil {
            if header?.keyword == "class", header?.words.isEmpty == true,
                Self.classModifierFollowers.contains(word)
            {
                header = nil
            } else {
                header = SwiftScan.TypeDeclaration(
                    keyword: header!.keyword, words: header!.words + [word], line: header!.line)
            }
        }
    }

    /// Keywords that declare a type named by the next word.
    private static let typeKeywords: Set<String> = [
        "class", "struct", "enum", "actor", "protocol", "typealias",
    ]

    /// Words after which `class` is a modifier.
    private static let classModifierFollowers: Set<String> = [
        "func", "var", "let", "subscript", "init", "deinit", "static", "final", "override",
        "convenience", "required", "private", "fileprivate", "internal", "public", "open",
        "typealias",
    ]

    /// Whether the text at `start` (after a function name) is `()` or `<...>()`.
    private static func emptyParameterList(_ text: [Unicode.Scalar], from start: Int) -> Bool {
        var index = start
        func skipSpace() {
            while index < text.count, isWhitespace(text[index]) { index += 1 }
        }
        skipSpace()
        if index < text.count, text[index] == "<" {
            var depth = 0
            while index < text.count {
                if text[index] == "<" { depth += 1 }
                if text[index] == ">" { depth -= 1 }
                index += 1
                if depth == 0 { break }
            }
            skipSpace()
        }
        guard index < text.count, text[index] == "(" else { return false }
        index += 1
        skipSpace()
        return index < text.count && text[index] == ")"
    }

    /// Handles `#if`, `#elseif`, `#else`, `#endif` and `#sourceLocation` at `index`; `nil`
    /// for any other `#`.
    private mutating func directive(
        _ text: [Unicode.Scalar], index: Int, line: Int
    ) -> Int? {
        var end = index + 1
        while end < text.count, Self.isIdentifierContinue(text[end]) { end += 1 }
        let name = String(String.UnicodeScalarView(text[(index + 1)..<end]))
        switch name {
        case "if":
            conditionStack.append((conditionCount, 0))
            conditionCount += 1
        case "elseif", "else":
            if !conditionStack.isEmpty { conditionStack[conditionStack.count - 1].branch += 1 }
        case "endif":
            _ = conditionStack.popLast()
        case "sourceLocation":
            scan.sourceLocationLines.append(line)
        default:
            return nil
        }
        previousWord = ""
        recentWords = []
        afterOperand = false
        return end
    }

    /// The index after an extended regex literal `#/.../#` whose body starts at `start`,
    /// or `nil` if it never closes (then `#` is read as something else).
    private static func extendedRegexEnd(
        _ text: [Unicode.Scalar], from start: Int, pounds: Int
    ) -> Int? {
        var index = start
        while index < text.count {
            if text[index] == "\\" {
                index += 2
                continue
            }
            if text[index] == "/" {
                var count = 0
                while count < pounds, index + 1 + count < text.count,
                    text[index + 1 + count] == "#"
                {
                    count += 1
                }
                if count == pounds { return index + 1 + pounds }
            }
            index += 1
        }
        return nil
    }

    /// The index after a bare regex literal `/.../` whose body starts at `start`, or `nil`
    /// when the `/` is an operator: Swift's rule is that the body neither starts nor ends
    /// with a space and the literal closes on the same line.
    private static func bareRegexEnd(_ text: [Unicode.Scalar], from start: Int) -> Int? {
        guard start < text.count, !isWhitespace(text[start]), text[start] != "/",
            text[start] != "*", text[start] != "="
        else { return nil }
        var index = start
        var inClass = 0
        while index < text.count, text[index] != "\n" {
            switch text[index] {
            case "\\":
                index += 2
                continue
            case "[":
                inClass += 1
            case "]":
                inClass = max(0, inClass - 1)
            case "/" where inClass == 0:
                return isWhitespace(text[index - 1]) ? nil : index + 1
            default:
                break
            }
            index += 1
        }
        return nil
    }

    // ASCII fast paths: Unicode property lookups dominate the scan otherwise.
    private static func isIdentifierStart(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            let value = scalar.value
            return (value >= 65 && value <= 90) || (value >= 97 && value <= 122) || value == 95
                || value == 36
        }
        return scalar.properties.isXIDStart
    }

    private static func isIdentifierContinue(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            return isIdentifierStart(scalar) || (scalar.value >= 48 && scalar.value <= 57)
        }
        return scalar.properties.isXIDContinue
    }

    private static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            return scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r"
        }
        return scalar.properties.isWhitespace
    }
}
