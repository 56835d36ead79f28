/// The text of a ```` ```marble ```` block, where the timeline that writes it (in the test
/// process) and the engine that checks and draws it must agree: which lane names and values
/// the text can carry as they are, how a legend writes any other value, and how the text
/// reads back into lanes. What ``read(_:)`` reads is what the picture draws, so a text that
/// it refuses is never drawn.
///
/// A lane line is a name (ASCII letters, digits, `-`, `_`; `name?` for its request line),
/// padded with spaces to two past the longest name, then one mark per column; a space is
/// never a frame (it pads a frame that a group `(ab)` widened, or stands where the lane is not
/// subscribed), so each `-`, mark and group on a live lane is one frame. The legend
/// line starts with spaces and lists `letter=value`, a value with anything
/// ``isBare(_:)`` refuses written in quotes with Swift's escapes. There are no wildcards:
/// `...` is refused, so a block compares exactly with the recorded run.
package enum MarbleGrammar {
    /// The characters that are marks (or the grammar's punctuation), never a value drawn as
    /// itself.
    package static let reserved: Set<Character> = [
        "-", "|", "#", "^", "!", "(", ")", "*", "?", "=", ".", "\"", "\\",
    ]

    /// The marks of a lane line that are not values.
    package static let marks: Set<Character> = ["-", "|", "#", "^", "!", "(", ")", " "]

    /// Whether `name` can name a lane: one or more ASCII letters, digits, `-` and `_`.
    package static func isLaneName(_ name: String) -> Bool {
        !name.isEmpty
            && name.unicodeScalars.allSatisfy {
                $0.isASCII
                    && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-"
                        || $0 == "_")
            }
    }

    /// Whether a value whose text is `text` is drawn as itself: one visible character
    /// (a letter, digit, punctuation or symbol) that is not ``reserved``.
    package static func drawsItself(_ text: String) -> Bool {
        guard text.count == 1, let character = text.first, !reserved.contains(character),
            text.unicodeScalars.count == 1, let scalar = text.unicodeScalars.first
        else { return false }
        return isVisible(scalar)
    }

    /// Whether `text` is written in the legend as it is: visible characters only, no
    /// quote first, no backslash, no `..`.
    package static func isBare(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first != "\"",
            !first.properties.generalCategory.isMark
        else { return false }
        return !text.contains("..") && !text.contains("\\")
            && text.unicodeScalars.allSatisfy {
                isVisible($0) || $0.properties.generalCategory.isMark
            }
    }

    /// `text` as a legend writes it: itself when ``isBare(_:)``, else in quotes with `\\`,
    /// `\"`, `\n`, `\r`, `\t` and `\u{…}` for anything else not visible, and a `.` after a
    /// `.` as `\u{2e}`, so that no legend holds `...`.
    package static func legendValue(_ text: String) -> String {
        if isBare(text) { return text }
        return SwiftStringLiteral.quoted(text) { scalar, previous in
            (scalar == "." && previous == ".")
                || !(scalar == " " || isVisible(scalar) || scalar.properties.generalCategory.isMark)
        }
    }

    /// A line of a marble block the grammar cannot read, and why.
    package struct Problem: Error, Equatable, Sendable {
        /// The line, counted from 0 at the block's first line.
        package let line: Int
        /// What is wrong, and what to write instead.
        package let message: String
    }

    /// One line of the diagram: a lane or its request line.
    package struct Lane: Equatable, Sendable {
        /// The lane's name (`a`), or its name and `?` for its request line (`a?`).
        package let label: String
        /// Each character after the names' column, one per column, spaces included.
        package let columns: [Character]
    }

    /// A marble block's text, read.
    package struct Reading: Equatable, Sendable {
        /// The lines, top to bottom.
        package let lanes: [Lane]
        /// The legend's entries, in order: a letter and the value it stands for (unescaped).
        package let legend: [Entry]
    }

    /// One entry of the legend, `a=11`.
    package struct Entry: Equatable, Sendable {
        /// The letter drawn on the lanes.
        package let letter: Character
        /// The value it stands for, unescaped.
        package let text: String
    }

    /// Reads a marble block's `text`, or the first line it cannot read.
    package static func read(_ text: String) throws(Problem) -> Reading {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        let laneLines = lines.enumerated().filter { $0.element.first.map { $0 != " " } ?? false }
        let labels = laneLines.map { String($0.element.prefix { $0 != " " }) }
        let column = (labels.map(\.count).max() ?? 0) + 2
        var lanes: [Lane] = []
        var legend: [Entry] = []
        var seen: [String: Int] = [:]
        for (index, line) in lines.enumerated() {
            func problem(_ message: String) -> Problem { Problem(line: index, message: message) }
            if line.contains("...") {
                throw problem(
                    "a marble block has no wildcards: `...` would stand for marks the run may not have; write the lanes the run records (`swift run workbook test NN --update` writes them)"
                )
            }
            if line.isEmpty { throw problem("a marble block has no blank lines") }
            if line.first == " " {
                guard index == lines.count - 1 else {
                    throw problem(
                        "only the last line of a marble block starts with a space: the legend, `a=11 b=13`; a lane's line starts with its name"
                    )
                }
                legend = try entries(of: line[...], line: index)
                continue
            }
            let label = String(line.prefix { $0 != " " })
            let name = label.hasSuffix("?") ? String(label.dropLast()) : label
            guard isLaneName(name) else {
                throw problem(
                    "'\(label)' cannot name a lane: a lane's name is ASCII letters, digits, '-' and '_' (and a '?' after it for its request line)"
                )
            }
            if let earlier = seen[label] {
                throw problem(
                    "lane '\(label)' is already drawn (block line \(earlier + 1)); a timeline has one lane of each name"
                )
            }
            seen[label] = index
            let gap = Array(line.dropFirst(label.count).prefix(column - label.count))
            guard gap.allSatisfy({ $0 == " " }) else {
                throw problem(
                    "the marks of lane '\(label)' must start in column \(column + 1), two spaces after the longest lane name; a name has no spaces"
                )
            }
            let columns = Array(line.dropFirst(column))
            let isRequests = label.hasSuffix("?")
            for mark in columns
            where !marks.contains(mark) && !drawsItself(String(mark))
                && !(isRequests && mark == "*")
            {
                throw problem(
                    "'\(mark)' is not a mark nor a value a lane draws as itself: \(mark.isWhitespace ? "a lane has spaces only, no tabs" : "a value such as this one is a letter explained by the legend, a=\(legendValue(String(mark)))")"
                )
            }
            lanes.append(Lane(label: label, columns: columns))
        }
        return Reading(lanes: lanes, legend: legend)
    }

    /// The entries of the legend line `line` (block line `index`).
    private static func entries(of line: Substring, line index: Int) throws(Problem) -> [Entry] {
        var rest = line.drop { $0 == " " }
        var entries: [Entry] = []
        while let letter = rest.first {
            let afterLetter = rest.dropFirst()
            guard afterLetter.first == "=" else {
                throw Problem(
                    line: index,
                    message:
                        "the legend lists letter=value, separated by one space; '\(rest.prefix { $0 != " " })' is not one"
                )
            }
            var value = afterLetter.dropFirst()
            let text: String
            if value.first == "\"" {
                (text, value) = try quoted(value.dropFirst(), line: index)
            } else {
                text = String(value.prefix { $0 != " " })
                value = value.dropFirst(text.count)
                guard isBare(text) else {
                    throw Problem(
                        line: index,
                        message:
                            "legend value '\(text)' must be written in quotes: \(letter)=\(legendValue(text))"
                    )
                }
            }
            entries.append(Entry(letter: letter, text: text))
            guard value.isEmpty || (value.first == " " && value.dropFirst().first != " ") else {
                throw Problem(
                    line: index, message: "the legend's entries are separated by one space")
            }
            rest = value.dropFirst()
        }
        return entries
    }

    /// A quoted legend value after its opening quote: the text and what follows the closing
    /// quote.
    private static func quoted(_ value: Substring, line: Int) throws(Problem) -> (
        String, Substring
    ) {
        func problem(_ message: String) -> Problem { Problem(line: line, message: message) }
        var text = ""
        var rest = value.unicodeScalars[...]
        while let scalar = rest.popFirst() {
            switch scalar {
            case "\"": return (text, Substring(rest))
            case "\\":
                guard let escaped = rest.popFirst() else { break }
                switch escaped {
                case "\\", "\"": text.unicodeScalars.append(escaped)
                case "n": text += "\n"
                case "r": text += "\r"
                case "t": text += "\t"
                case "u":
                    let digits = rest.prefix { $0 != "}" }
                    guard rest.first == "{", rest.count > digits.count,
                        let value = UInt32(
                            String(String.UnicodeScalarView(digits.dropFirst())), radix: 16),
                        let decoded = Unicode.Scalar(value)
                    else { throw problem("'\\u' in a legend value is written \\u{HEX}") }
                    text.unicodeScalars.append(decoded)
                    rest = rest.dropFirst(digits.count + 1)
                default:
                    throw problem(
                        "'\\\(escaped)' is not an escape a legend value takes (\\\\, \\\", \\n, \\r, \\t, \\u{HEX})"
                    )
                }
            default: text.unicodeScalars.append(scalar)
            }
        }
        throw problem("a quoted legend value is never closed with '\"'")
    }

    private static func isVisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
            .decimalNumber, .letterNumber, .otherNumber, .connectorPunctuation, .dashPunctuation,
            .openPunctuation, .closePunctuation, .initialPunctuation, .finalPunctuation,
            .otherPunctuation, .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol:
            return true
        default:
            return false
        }
    }
}

extension Unicode.GeneralCategory {
    /// Whether this is a combining mark, which draws on the character before it.
    fileprivate var isMark: Bool {
        self == .nonspacingMark || self == .spacingMark || self == .enclosingMark
    }
}
