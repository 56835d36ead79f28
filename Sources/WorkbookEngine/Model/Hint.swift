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
/// `workbook hint` shows them in the terminal. The extractor finds them
/// (``HintFold``) in its one reading of the chapter: ``Chapter/hints``.
package struct Hint: Equatable, Sendable {
    /// The summary line, e.g. `Hint 1: where the subscribers live`.
    package let title: String
    /// The Markdown between the summary and `</details>`, trimmed of blank edges.
    package let body: String
    /// The 1-based line of the `<details>` in the chapter.
    package let line: Int
}
