/// Turns cmark's elements into the chapter's `swift` and `output` blocks, rejecting
/// malformed fences and attributes.
public enum ChapterExtractor {
    /// The blocks of `text` (the chapter at `path`), in document order, or every problem.
    public static func items(of text: String, path: String) throws(DiagnosticList)
        -> [ExtractedItem]
    {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var items: [ExtractedItem] = []
        var problems: [Diagnostic] = []
        var headingSlug: String?

        for element in MarkdownParser.elements(of: text) {
            do throws(Diagnostic) {
                switch element.kind {
                case .heading(_, let title):
                    headingSlug = HeadingSlug.slug(title)
                case .codeBlock(let info):
                    if let item = try codeItem(
                        element, info: info, lines: lines, path: path, headingSlug: headingSlug)
                    {
                        items.append(item)
                    }
                case .htmlBlock:
                    if let draft = try hiddenBlock(element, path: path, headingSlug: headingSlug) {
                        items.append(.swift(draft))
                    }
                }
            } catch {
                problems.append(error)
            }
        }
        guard problems.isEmpty else { throw DiagnosticList(problems) }
        return items
    }

    private static func codeItem(
        _ element: MarkdownElement, info: String, lines: [String], path: String,
        headingSlug: String?
    ) throws(Diagnostic) -> ExtractedItem? {
        let opening = fenceRun(line(element.startLine, of: lines))
        guard let opening, opening.count >= 3 else { return nil }  // indented code is prose
        let closing = fenceRun(line(element.endLine, of: lines))
        let closed =
            element.endLine > element.startLine
            && closing.map {
                $0.character == opening.character && $0.count >= opening.count && $0.isWholeLine
            }
                == true
        let language = info.split(separator: " ").first.map(String.init) ?? ""
        if !closed {
            let fence = String(repeating: opening.character, count: opening.count)
            throw Diagnostic(
                file: path, line: element.startLine,
                message:
                    "code fence \(fence)\(language) is never closed (it runs to the end of the file)"
            )
        }
        if InfoString.isSwift(info) {
            let parsed = try InfoString(info, file: path, line: element.startLine)
            return .swift(
                SwiftBlockDraft(
                    info: parsed, code: element.literal, fenceLine: element.startLine,
                    codeLine: element.startLine + 1, isHidden: false, headingSlug: headingSlug))
        }
        if language == "output" {
            guard info.split(separator: " ").count == 1 else {
                throw Diagnostic(
                    file: path, line: element.startLine,
                    message: "an output block takes no attributes")
            }
            return .output(OutputBlock(text: element.literal, fenceLine: element.startLine))
        }
        return nil
    }

    private static func hiddenBlock(
        _ element: MarkdownElement, path: String, headingSlug: String?
    ) throws(Diagnostic) -> SwiftBlockDraft? {
        var lines = element.literal.split(separator: "\n", omittingEmptySubsequences: false)
            .map(String.init)
        if lines.last == "" { lines.removeLast() }
        guard let first = lines.first?.trimmingSpaces, first.hasPrefix("<!--") else { return nil }
        let header = String(first.dropFirst(4))
        guard InfoString.isSwift(header) else { return nil }
        guard lines.count >= 2, lines.last?.trimmingSpaces == "-->" else {
            throw Diagnostic(
                file: path, line: element.startLine,
                message: "hidden swift block must end with a line containing only -->")
        }
        let info = try InfoString(header, file: path, line: element.startLine)
        let body = lines[1..<(lines.count - 1)]
        return SwiftBlockDraft(
            info: info, code: body.map { $0 + "\n" }.joined(), fenceLine: element.startLine,
            codeLine: element.startLine + 1, isHidden: true, headingSlug: headingSlug)
    }

    private static func line(_ number: Int, of lines: [String]) -> String {
        number >= 1 && number <= lines.count ? lines[number - 1] : ""
    }

    private struct FenceRun {
        let character: Character
        let count: Int
        let isWholeLine: Bool
    }

    /// The run of backticks or tildes a line starts with, after indentation and `>` quotes.
    private static func fenceRun(_ line: String) -> FenceRun? {
        let content = line.drop { $0 == " " || $0 == "\t" || $0 == ">" }
        guard let character = content.first, character == "`" || character == "~" else {
            return nil
        }
        let count = content.prefix { $0 == character }.count
        let rest = content.dropFirst(count)
        return FenceRun(
            character: character, count: count,
            isWholeLine: rest.allSatisfy { $0 == " " || $0 == "\t" })
    }
}
