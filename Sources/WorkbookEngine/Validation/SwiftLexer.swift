/// A small lexer that skips comments and string literals (including raw, multi-line and
/// interpolated ones) to count braces and find top-level functions. It is not a parser:
/// it only has to be right about what would break the generated wrapping.
public struct SwiftLexer {
    private enum Context {
        case string(pounds: Int, multiline: Bool, line: Int)
        case interpolation(parens: Int)
        case blockComment(depth: Int, line: Int)
    }

    private var contexts: [Context] = []
    private var openBraces: [Int] = []
    private var scan = SwiftScan()
    private var previousWord = ""

    /// Scans `segments` (code with the Markdown line of its first line) as one unit, so a
    /// group's parts may be unbalanced on their own.
    public static func scan(_ segments: [(code: String, firstLine: Int)]) -> SwiftScan {
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
                        contexts.append(.interpolation(parens: 1))
                        index = next + 1
                    } else {
                        index = next + 1 < text.count && text[next] != "\n" ? next + 1 : next
                    }
                } else if scalar == "\"", !multiline || starts(with: "\"\"\"") {
                    let quotes = multiline ? 3 : 1
                    if pounds(from: quotes) >= count {
                        contexts.removeLast()
                        index += quotes + count
                    } else {
                        index += 1
                    }
                } else {
                    index += 1
                }
            case .interpolation, nil:
                index = consumeCode(text, index: index, line: line, pounds: pounds, starts: starts)
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
            return index
        }
        if scalar == "/", next == "*" {
            contexts.append(.blockComment(depth: 1, line: line))
            return index + 2
        }
        let hashes = scalar == "#" ? pounds(0) : 0
        if scalar == "\""
            || (hashes > 0 && index + hashes < text.count && text[index + hashes] == "\"")
        {
            let multiline = starts("\"\"\"", hashes)
            contexts.append(.string(pounds: hashes, multiline: multiline, line: line))
            previousWord = ""
            return index + hashes + (multiline ? 3 : 1)
        }
        switch scalar {
        case "{":
            openBraces.append(line)
        case "}":
            if openBraces.isEmpty {
                scan.unmatchedClosingLines.append(line)
            } else {
                openBraces.removeLast()
            }
        case "(":
            if case .interpolation(let parens)? = contexts.last {
                contexts[contexts.count - 1] = .interpolation(parens: parens + 1)
            }
        case ")":
            if case .interpolation(let parens)? = contexts.last {
                if parens == 1 {
                    contexts.removeLast()
                } else {
                    contexts[contexts.count - 1] = .interpolation(parens: parens - 1)
                }
            }
        default:
            if Self.isIdentifierStart(scalar) {
                var end = index
                while end < text.count, Self.isIdentifierContinue(text[end]) { end += 1 }
                let word = String(String.UnicodeScalarView(text[index..<end]))
                if previousWord == "func", openBraces.isEmpty, contexts.isEmpty {
                    scan.topLevelFunctions.append(.init(name: word, line: line))
                }
                previousWord = word
                return end
            }
        }
        if !Self.isWhitespace(scalar) {
            previousWord = ""
        }
        return index + 1
    }

    // ASCII fast paths: Unicode property lookups dominate the scan otherwise.
    private static func isIdentifierStart(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            let value = scalar.value
            return (value >= 65 && value <= 90) || (value >= 97 && value <= 122) || value == 95
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
