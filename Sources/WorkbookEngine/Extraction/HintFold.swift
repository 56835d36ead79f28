import Foundation

/// Recognises hints among a chapter's HTML blocks as the extractor meets them: a
/// `<details>` block whose summary starts with "Hint" opens one, and the next HTML block
/// that starts with `</details>` closes it. A `<details>` inside a code block is code, not
/// an HTML block, so never a hint; one never closed is no hint either.
struct HintFold {
    /// The hints opened and not yet closed, with the block that opened each.
    private var open: [(title: String, opening: MarkdownElement)] = []

    /// Takes the next HTML block of the chapter whose lines are `lines`; returns the hints
    /// it closes, in the order they were opened.
    mutating func add(_ element: MarkdownElement, lines: [Substring]) -> [Hint] {
        let literal = element.literal.trimmingCharacters(in: .whitespacesAndNewlines)
        if literal.hasPrefix("</details>") {
            let closed = open.map { title, opening in
                Hint(
                    title: title,
                    body: lines[opening.endLine..<(element.startLine - 1)]
                        .joined(separator: "\n").trimmingCharacters(in: .newlines),
                    line: opening.startLine)
            }
            open = []
            return closed
        }
        if literal.hasPrefix("<details>"), let start = literal.range(of: "<summary>"),
            let end = literal.range(of: "</summary>"), start.upperBound <= end.lowerBound
        {
            let title = String(literal[start.upperBound..<end.lowerBound])
                .trimmingCharacters(in: .whitespaces)
            if title.hasPrefix("Hint") { open.append((title, element)) }
        }
        return []
    }
}
