/// Turns cmark's elements into the chapter's `swift` and `output` blocks and its hints,
/// rejecting malformed fences and attributes: the one place a chapter's Markdown is parsed.
enum ChapterExtractor {
    /// The blocks of `text` (the chapter at `path`), in document order, or every problem.
    static func items(of text: String, path: String) throws(DiagnosticList)
        -> [ExtractedItem]
    {
        var items: [ExtractedItem] = []
        var problems: [Diagnostic] = []
        var headingSlug: String?
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        var hints = HintFold()

        for element in MarkdownParser.elements(of: text) {
            do throws(Diagnostic) {
                switch element.kind {
                case .heading(let level, let title):
                    headingSlug = HeadingSlug.slug(title)
                    if level == 1 { items.append(.title(title)) }
                case .codeBlock(let info, let fence):
                    if let item = try codeItem(
                        element, info: info, fence: fence, path: path, headingSlug: headingSlug,
                        lines: lines)
                    {
                        items.append(item)
                    }
                case .htmlBlock:
                    items += hints.add(element, lines: lines).map(ExtractedItem.hint)
                    if let item = try hiddenBlock(element, path: path, headingSlug: headingSlug) {
                        items.append(item)
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
        _ element: MarkdownElement, info: String, fence: MarkdownElement.Fence?, path: String,
        headingSlug: String?, lines: [Substring]
    ) throws(Diagnostic) -> ExtractedItem? {
        guard let fence else { return nil }  // indented code is prose
        let language = InfoString.language(of: info)
        if !fence.isClosed {
            throw Diagnostic(
                file: path, line: element.startLine,
                message:
                    "code fence \(fence.marker)\(language) is never closed (it runs to the end of its container or file)"
            )
        }
        if InfoString.isSwift(info) {
            let parsed = try InfoString(info, file: path, line: element.startLine)
            return swiftItem(
                parsed, code: element.literal, line: element.startLine, isHidden: false,
                headingSlug: headingSlug)
        }
        let kind: OutputBlock.Kind
        switch language.lowercased() {
        case "output": kind = .output
        case "marble": kind = .marble
        default:
            guard let problem = MistakenFence.problem(info: info, language: language) else {
                return nil
            }
            throw Diagnostic(file: path, line: element.startLine, message: problem)
        }
        // `quiz` (the site asks the reader to predict the block) goes with any other attribute.
        let words = info.split(whereSeparator: { $0 == " " || $0 == "\t" })
        let isQuiz = words.dropFirst().contains("quiz")
        let observedOn = try observedOn(
            words.filter { $0 != "quiz" }, language: language, path: path, line: element.startLine)
        if kind == .marble {
            try MarbleFence.checkGrammar(
                of: element.literal, path: path, fenceLine: element.startLine)
        }
        let block = OutputBlock(
            text: element.literal, fenceLine: element.startLine, observedOn: observedOn,
            kind: kind, isQuiz: isQuiz, fence: fence.marker)
        let after = lines.dropFirst(block.closingLine).first {
            !$0.allSatisfy { $0 == " " || $0 == ">" }
        }
        return .output(
            OutputBlock(
                text: block.text, fenceLine: block.fenceLine, observedOn: observedOn, kind: kind,
                isQuiz: isQuiz, fence: fence.marker, lineAfter: after.map(String.init)))
    }

    /// The attribute an output or marble block takes besides `quiz`:
    /// `observed-on=IMPLEMENTATION`.
    private static func observedOn(
        _ words: [Substring], language: Substring, path: String, line: Int
    ) throws(Diagnostic) -> String? {
        let block = (language.lowercased() == "output" ? "an " : "a ") + language.lowercased()
        guard words.first == language else {
            throw Diagnostic(
                file: path, line: line,
                message: "\(block) block's info string starts with `\(language.lowercased())`")
        }
        let known = OutputBlock.implementations.keys.sorted().joined(separator: ", ")
        switch words.count {
        case 1:
            return nil
        case 2 where words[1].hasPrefix("observed-on="):
            let value = String(words[1].dropFirst("observed-on=".count))
            guard OutputBlock.implementations[value] != nil else {
                throw Diagnostic(
                    file: path, line: line,
                    message: "unknown implementation '\(value)' in observed-on= (known: \(known))")
            }
            return value
        default:
            throw Diagnostic(
                file: path, line: line,
                message:
                    "\(block) block takes one attribute, observed-on=IMPLEMENTATION (known: \(known))"
            )
        }
    }

    private static func hiddenBlock(
        _ element: MarkdownElement, path: String, headingSlug: String?
    ) throws(Diagnostic) -> ExtractedItem? {
        var lines = element.literal.split(separator: "\n", omittingEmptySubsequences: false)
            .map(String.init)
        if lines.last == "" { lines.removeLast() }
        guard let first = lines.first?.trimmingSpaces, first.hasPrefix("<!--") else { return nil }
        let header = String(first.dropFirst(4))
        guard InfoString.isSwift(header) else {
            guard let problem = MistakenFence.hiddenProblem(header: header) else { return nil }
            throw Diagnostic(file: path, line: element.startLine, message: problem)
        }
        guard lines.count >= 2, lines.last?.trimmingSpaces == "-->" else {
            throw Diagnostic(
                file: path, line: element.startLine,
                message: "hidden swift block must end with a line containing only -->")
        }
        let info = try InfoString(header, file: path, line: element.startLine)
        let body = lines[1..<(lines.count - 1)]
        return swiftItem(
            info, code: body.map { $0 + "\n" }.joined(), line: element.startLine, isHidden: true,
            headingSlug: headingSlug)
    }

    private static func swiftItem(
        _ info: InfoString, code: String, line: Int, isHidden: Bool, headingSlug: String?
    ) -> ExtractedItem {
        let block = Block(
            role: info.role ?? .declarations, group: info.group, code: code, fenceLine: line,
            codeLine: line + 1, isHidden: isHidden, headingSlug: headingSlug)
        return .swift(block, declaredRole: info.role)
    }
}
