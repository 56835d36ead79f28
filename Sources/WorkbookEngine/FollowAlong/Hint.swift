import Foundation

/// One hint of a chapter's exercise, written in the chapter as a folded block:
///
///     <details>
///     <summary>Hint 1: where the subscribers live</summary>
///
///     The hint, in Markdown.
///
///     </details>
///
/// GitHub shows it folded, so a reader on the web opens hints one at a time, as
/// `workbook hint` shows them in the terminal.
package struct Hint: Equatable, Sendable {
    /// The summary line, e.g. `Hint 1: where the subscribers live`.
    package let title: String
    /// The Markdown between the summary and `</details>`, trimmed of blank edges.
    package let body: String
    /// The 1-based line of the `<details>` in the chapter.
    package let line: Int

    /// The hints of `chapterText`, in order: `<details>` blocks whose summary starts
    /// with "Hint". A `<details>` inside a code block is code, not a hint.
    package static func hints(in chapterText: String) -> [Hint] {
        let lines = chapterText.split(separator: "\n", omittingEmptySubsequences: false)
        let html = MarkdownParser.elements(of: chapterText).filter { $0.kind == .htmlBlock }
        var hints: [Hint] = []
        for (index, element) in html.enumerated() {
            let literal = element.literal.trimmingCharacters(in: .whitespacesAndNewlines)
            guard literal.hasPrefix("<details>"),
                let open = literal.range(of: "<summary>"),
                let close = literal.range(of: "</summary>"), open.upperBound <= close.lowerBound
            else { continue }
            let title = String(literal[open.upperBound..<close.lowerBound])
                .trimmingCharacters(in: .whitespaces)
            guard title.hasPrefix("Hint") else { continue }
            guard
                let end = html[(index + 1)...].first(where: {
                    $0.literal.trimmingCharacters(in: .whitespacesAndNewlines).hasPrefix(
                        "</details>")
                })
            else { continue }
            let body = lines[element.endLine..<(end.startLine - 1)].joined(separator: "\n")
                .trimmingCharacters(in: .newlines)
            hints.append(Hint(title: title, body: body, line: element.startLine))
        }
        return hints
    }
}
