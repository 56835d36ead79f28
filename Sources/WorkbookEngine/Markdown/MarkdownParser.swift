import CCmark

/// Reads Markdown through libcmark's node tree, so code fences, HTML blocks and headings
/// are recognised exactly as CommonMark (and GitHub) renders them.
enum MarkdownParser {
    /// The code blocks, HTML blocks and headings of `source`, in document order.
    static func elements(of source: String) -> [MarkdownElement] {
        var utf8 = Array(source.utf8)
        let count = utf8.count
        let document = utf8.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: max(count, 1)) {
                cmark_parse_document($0, count, CMARK_OPT_DEFAULT)
            }
        }
        guard let document else { return [] }
        defer { cmark_node_free(document) }
        guard let iterator = cmark_iter_new(document) else { return [] }
        defer { cmark_iter_free(iterator) }

        // Split by bytes: splitting the String by Character (grapheme breaking) cost a sixth
        // of `generate` (perf, BENCHMARKS.md); a "\n" byte always ends a scalar.
        let lines = source.utf8.split(
            separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false
        ).map(Substring.init)
        var elements: [MarkdownElement] = []
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator) else {
                continue
            }
            if let element = element(for: node, lines: lines) {
                elements.append(element)
            }
        }
        return elements
    }

    private static func element(for node: OpaquePointer, lines: [Substring]) -> MarkdownElement? {
        let start = Int(cmark_node_get_start_line(node))
        let end = Int(cmark_node_get_end_line(node))
        switch cmark_node_get_type(node) {
        case CMARK_NODE_CODE_BLOCK:
            let info = string(cmark_node_get_fence_info(node))
            let literal = string(cmark_node_get_literal(node))
            return MarkdownElement(
                kind: .codeBlock(info: info, fence: fence(start: start, end: end, lines: lines)),
                literal: literal,
                startLine: start, endLine: end)
        case CMARK_NODE_HTML_BLOCK:
            return MarkdownElement(
                kind: .htmlBlock, literal: string(cmark_node_get_literal(node)),
                startLine: start, endLine: end)
        case CMARK_NODE_HEADING:
            return MarkdownElement(
                kind: .heading(
                    level: Int(cmark_node_get_heading_level(node)), text: text(of: node)),
                literal: "", startLine: start, endLine: end)
        default:
            return nil
        }
    }

    /// The opening fence of a code block from its first line, after any container prefix
    /// (block quote `>`, list marker `-`, `*`, `+`, `1.`, `1)` and indentation), so a fence
    /// on a list item's first line counts as much as one on a line of its own.
    private static func fence(start: Int, end: Int, lines: [Substring]) -> MarkdownElement.Fence? {
        func line(_ number: Int) -> Substring {
            number >= 1 && number <= lines.count ? lines[number - 1] : ""
        }
        guard let opening = fenceRun(afterContainers(line(start))), opening.count >= 3 else {
            return nil
        }
        let closing = fenceRun(afterContainers(line(end)))
        let isClosed =
            end > start
            && closing.map {
                $0.character == opening.character && $0.count >= opening.count && $0.isWholeLine
            } == true
        return MarkdownElement.Fence(
            marker: String(repeating: opening.character, count: opening.count), isClosed: isClosed)
    }

    private static func afterContainers(_ line: Substring) -> Substring {
        var rest = line
        while true {
            let trimmed = rest.drop { $0 == " " || $0 == "\t" || $0 == ">" }
            if let first = trimmed.first, "-*+".contains(first),
                isSpace(trimmed.dropFirst().first)
            {
                rest = trimmed.dropFirst(2)
                continue
            }
            let digits = trimmed.prefix { $0.isASCII && $0.isNumber }
            if !digits.isEmpty, digits.count <= 9 {
                let after = trimmed[digits.endIndex...]
                if let marker = after.first, marker == "." || marker == ")",
                    isSpace(after.dropFirst().first)
                {
                    rest = after.dropFirst(2)
                    continue
                }
            }
            return trimmed
        }
    }

    /// A list marker is followed by a space or a tab (CommonMark allows both).
    private static func isSpace(_ character: Character?) -> Bool {
        character == " " || character == "\t"
    }

    private static func fenceRun(_ content: Substring) -> (
        character: Character, count: Int, isWholeLine: Bool
    )? {
        guard let character = content.first, character == "`" || character == "~" else {
            return nil
        }
        let count = content.prefix { $0 == character }.count
        let rest = content.dropFirst(count)
        return (character, count, rest.allSatisfy { $0 == " " || $0 == "\t" })
    }

    /// The plain text of an inline tree (text and inline code), as GitHub uses for slugs.
    private static func text(of node: OpaquePointer) -> String {
        var result = ""
        var child = cmark_node_first_child(node)
        while let current = child {
            switch cmark_node_get_type(current) {
            case CMARK_NODE_TEXT, CMARK_NODE_CODE:
                result += string(cmark_node_get_literal(current))
            default:
                result += text(of: current)
            }
            child = cmark_node_next(current)
        }
        return result
    }

    private static func string(_ pointer: UnsafePointer<CChar>?) -> String {
        guard let pointer else { return "" }
        return String(cString: pointer)
    }
}
