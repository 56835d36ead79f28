import CCmark

/// Reads Markdown through libcmark's node tree, so code fences, HTML blocks and headings
/// are recognised exactly as CommonMark (and GitHub) renders them.
public enum MarkdownParser {
    /// The code blocks, HTML blocks and headings of `source`, in document order.
    public static func elements(of source: String) -> [MarkdownElement] {
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

        var elements: [MarkdownElement] = []
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator) else {
                continue
            }
            if let element = element(for: node) {
                elements.append(element)
            }
        }
        return elements
    }

    private static func element(for node: OpaquePointer) -> MarkdownElement? {
        let start = Int(cmark_node_get_start_line(node))
        let end = Int(cmark_node_get_end_line(node))
        switch cmark_node_get_type(node) {
        case CMARK_NODE_CODE_BLOCK:
            let info = string(cmark_node_get_fence_info(node))
            let literal = string(cmark_node_get_literal(node))
            return MarkdownElement(
                kind: .codeBlock(info: info), literal: literal,
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
