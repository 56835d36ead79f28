import CCmark
import Foundation
import WorkbookEngine

/// One chapter as a page: libcmark renders the prose, and the blocks the model knows (Swift
/// listings, output and marble blocks, hidden blocks) are replaced in cmark's tree by the
/// site's own rendering, each with the verdicts of the chapter's last runs.
struct ChapterPage {
    /// The chapter's model, as the checker loads it.
    let chapter: Chapter
    /// The chapter's Markdown.
    let markdown: String
    /// Its last run on each implementation that ran it.
    let runs: [ChapterRun]
    /// The page names of the chapters, by Markdown file name, for links between them.
    let pages: [String: String]
    /// Where the generated marble pictures are.
    let diagrams: URL
    /// The templates.
    let templates: SiteTemplates
    private let swiftBlocks: [Int: (block: Block, unit: CompiledUnit)]
    private let outputBlocks: [Int: (block: OutputBlock, test: ChapterTest)]
    private let hiddenLines: Set<Int>
    private let quizPictures: [String: Int]
    private let pictureAlts: [String: String]

    /// The page of `chapter` (its Markdown `markdown`), with `runs`.
    init(
        chapter: Chapter, markdown: String, runs: [ChapterRun], pages: [String: String],
        diagrams: URL, templates: SiteTemplates
    ) {
        self.chapter = chapter
        self.markdown = markdown
        self.runs = runs
        self.pages = pages
        self.diagrams = diagrams
        self.templates = templates
        swiftBlocks = Self.swiftBlocks(of: chapter)
        outputBlocks = Self.outputBlocks(of: chapter)
        hiddenLines = Self.hiddenLines(of: chapter)
        quizPictures = Self.quizPictures(of: chapter)
        pictureAlts = Self.pictureAlts(of: markdown)
    }

    /// The page's main content and the text of its sections, for the search index.
    func render() -> (html: String, sections: [SearchSection]) {
        var bytes = Array(markdown.utf8)
        let count = bytes.count
        let parsed = bytes.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: max(count, 1)) {
                cmark_parse_document($0, count, CMARK_OPT_DEFAULT)
            }
        }
        guard let document = parsed else { return ("", []) }
        defer { cmark_node_free(document) }

        var nodes: [OpaquePointer] = []
        if let iterator = cmark_iter_new(document) {
            while cmark_iter_next(iterator) != CMARK_EVENT_DONE {
                if cmark_iter_get_event_type(iterator) == CMARK_EVENT_ENTER,
                    let node = cmark_iter_get_node(iterator)
                {
                    nodes.append(node)
                }
            }
            cmark_iter_free(iterator)
        }
        let slugs = headingSlugs(nodes)
        let sections = searchSections(document, slugs: slugs)
        var notes = Notes(chapter: chapter, runs: runs)

        // Inline nodes first: their blocks are replaced (and freed) after.
        for node in nodes {
            switch cmark_node_get_type(node) {
            case CMARK_NODE_LINK: rewriteLink(node)
            case CMARK_NODE_IMAGE: replaceImage(node)
            default: break
            }
        }
        for node in nodes {
            let line = Int(cmark_node_get_start_line(node))
            switch cmark_node_get_type(node) {
            case CMARK_NODE_HEADING:
                replace(node, with: heading(node, id: slugs[line] ?? ""))
            case CMARK_NODE_CODE_BLOCK:
                if let html = codeBlock(at: line, notes: &notes) { replace(node, with: html) }
            case CMARK_NODE_HTML_BLOCK:
                if hiddenLines.contains(line) { replace(node, with: "") }
            default: break
            }
        }
        return (Self.html(of: document), sections)
    }

    // MARK: The model's blocks by line

    private static func swiftBlocks(of chapter: Chapter) -> [Int: (
        block: Block, unit: CompiledUnit
    )] {
        var blocks: [Int: (Block, CompiledUnit)] = [:]
        for unit in chapter.units {
            for part in unit.parts { blocks[part.fenceLine] = (part, unit) }
        }
        for block in chapter.blocks where blocks[block.fenceLine] == nil {
            blocks[block.fenceLine] = (block, CompiledUnit(kind: .declarations, parts: [block]))
        }
        return blocks
    }

    private static func outputBlocks(of chapter: Chapter) -> [Int: (
        block: OutputBlock, test: ChapterTest
    )] {
        var blocks: [Int: (OutputBlock, ChapterTest)] = [:]
        for unit in chapter.units {
            if case .example(let test, let outputs) = unit.kind {
                for output in outputs { blocks[output.fenceLine] = (output, test) }
            }
        }
        return blocks
    }

    private static func hiddenLines(of chapter: Chapter) -> Set<Int> {
        Set(chapter.blocks.filter(\.isHidden).map(\.fenceLine))
    }

    /// The marble pictures that are a quiz's answer, by file name, with their block's line.
    private static func quizPictures(of chapter: Chapter) -> [String: Int] {
        var pictures: [String: Int] = [:]
        for (line, entry) in outputBlocks(of: chapter)
        where entry.block.isQuiz && entry.block.kind == .marble {
            let name = "\(chapter.file.fileName.dropLast(3)).\(entry.test.name).svg"
            pictures[name] = line
        }
        return pictures
    }

    /// The tests a Swift block shows the verdict of: those it declares, or its unit's.
    private func tests(of block: Block, in unit: CompiledUnit) -> [ChapterTest] {
        switch unit.kind {
        case .declarations: return []
        case .example(let test, _): return [test]
        case .tests(let tests):
            let lines = block.codeLine..<(block.codeLine + Self.lineCount(block.code))
            let own = tests.filter { lines.contains($0.line) }
            return own.isEmpty ? tests : own
        }
    }

    // MARK: Blocks

    private func codeBlock(at line: Int, notes: inout Notes) -> String? {
        if let (block, unit) = swiftBlocks[line], !block.isHidden {
            return listing(block, unit: unit, notes: &notes)
        }
        if let (block, test) = outputBlocks[line] {
            return output(block, test: test, notes: &notes)
        }
        return nil
    }

    private func listing(_ block: Block, unit: CompiledUnit, notes: inout Notes) -> String {
        let tests = tests(of: block, in: unit)
        let codeLines = SwiftHighlighter.lines(of: block.code)
        let lines = codeLines.enumerated().map { offset, html -> [String: Any] in
            let number = block.codeLine + offset
            let here = notes.take(at: number)
            return [
                "number": number, "html": html, "notes": here.map(\.context),
                "marked": !here.isEmpty,
            ]
        }
        let extra = tests.flatMap { notes.takeUnplaced(of: $0.name) }
        let role: String
        var verdicts: [[String: Any]]
        switch block.role {
        case .example:
            role = "Example " + (tests.first.map { "`\($0.name)`" } ?? "")
            verdicts = self.verdicts(for: tests)
        case .test:
            role =
                "Test" + (tests.count == 1 ? " " : "s ")
                + tests.map { "`\($0.name)`" }.joined(separator: ", ")
            verdicts = self.verdicts(for: tests)
        case .declarations:
            role = "Declarations, compiled into the chapter's tests"
            verdicts = buildVerdicts()
        case .excerpt(let reference):
            role = "Excerpt of \(reference), compared with the library by `workbook check`"
            verdicts = []
        case .ignore:
            role = "Shown, not compiled"
            verdicts = []
        }
        let worst = verdicts.compactMap { $0["verdict"] as? Verdict }.max()
        return templates.render(
            "listing",
            [
                "id": "listing-\(block.fenceLine)", "line": block.fenceLine,
                "role": role.replacingOccurrences(of: "`", with: ""),
                "group": block.group ?? "", "hasGroup": block.group != nil,
                "status": worst?.rawValue ?? "info", "verdicts": verdicts,
                "lines": lines, "notes": extra.map(\.context), "hasNotes": !extra.isEmpty,
            ])
    }

    private func output(_ block: OutputBlock, test: ChapterTest, notes: inout Notes) -> String {
        let textLines = Self.lineCount(block.text)
        var here: [Note] = []
        for line in block.fenceLine...(block.fenceLine + textLines + 1) {
            here += notes.take(at: line)
        }
        let verdicts = self.verdicts(for: [test])
        let isMarble = block.kind == .marble
        var context: [String: Any] = [
            "id": "output-\(block.fenceLine)", "line": block.fenceLine, "text": block.text,
            "test": test.name, "marble": isMarble,
            "kind": isMarble ? "Marble diagram" : "Output",
            "verdicts": verdicts, "notes": here.map(\.context), "hasNotes": !here.isEmpty,
            "status": verdicts.compactMap { $0["verdict"] as? Verdict }.max()?.rawValue ?? "info",
        ]
        if let implementation = block.observedOn {
            context["observedOn"] = ChapterRun.label(implementation)
        }
        guard block.isQuiz else { return templates.render("output", context) }
        if isMarble {
            let name = "\(chapter.file.fileName.dropLast(3)).\(test.name).svg"
            context["picture"] =
                MarblePicture.inline(
                    diagrams.appendingPathComponent(name),
                    alt: pictureAlts[name] ?? "Marble diagram of \(test.name)") ?? ""
        }
        return templates.render("quiz", context)
    }

    /// Each run's verdict on `tests`, or "not run yet" when nothing ran.
    private func verdicts(for tests: [ChapterTest]) -> [[String: Any]] {
        guard !runs.isEmpty else { return [Self.notRunYet] }
        return runs.map { run in
            var verdict: Verdict
            var word: String
            var duration = 0.0
            if run.isStale {
                (verdict, word) = (.notRun, "not run since the chapter changed")
            } else if let reason = run.record.notRunReason {
                (verdict, word) = (.failed, "failed: the chapter \(reason)")
            } else {
                let recorded = tests.compactMap { test in
                    run.record.tests.first { $0.name == test.name }
                }
                verdict = recorded.map { Verdict(outcome: $0.outcome) }.max() ?? .notRun
                if recorded.count < tests.count { verdict = max(verdict, .notRun) }
                word = verdict.word
                duration = recorded.map(\.duration).reduce(0, +)
            }
            return [
                "verdict": verdict, "status": verdict.rawValue, "word": word,
                "implementation": run.implementation, "finished": run.finished,
                "duration": String(format: "%.2f s", duration), "timed": duration > 0,
            ]
        }
    }

    /// Whether declarations compiled in each run.
    private func buildVerdicts() -> [[String: Any]] {
        guard !runs.isEmpty else { return [Self.notRunYet] }
        return runs.map { run in
            let (verdict, word): (Verdict, String) =
                run.isStale
                ? (.notRun, "not built since the chapter changed")
                : run.record.notRunReason.map { (.failed, "failed: the chapter \($0)") }
                    ?? (.passed, "compiled")
            return [
                "verdict": verdict, "status": verdict.rawValue, "word": word,
                "implementation": run.implementation, "finished": run.finished,
                "timed": false, "duration": "",
            ]
        }
    }

    private static var notRunYet: [String: Any] {
        [
            "verdict": Verdict.notRun, "status": Verdict.notRun.rawValue, "word": "not run yet",
            "timed": false,
        ]
    }

    // MARK: Prose

    private func heading(_ node: OpaquePointer, id: String) -> String {
        let level = Int(cmark_node_get_heading_level(node))
        var inner = Self.html(of: node).trimmingCharacters(in: .whitespacesAndNewlines)
        inner = String(inner.dropFirst("<h1>".count).dropLast("</h1>".count))
        var context: [String: Any] = [
            "level": level, "id": id, "html": inner, "text": Self.plainText(of: node),
        ]
        if level == 1 {
            context["summary"] = templates.render("chapter-summary", summary)
        }
        return templates.render("heading", context)
    }

    /// The chapter's counts per run, and problems no listing shows.
    private var summary: [String: Any] {
        let problems = Notes(chapter: chapter, runs: runs).unlocatedBuildProblems
        return [
            "runs": runs.map { run -> [String: Any] in
                [
                    "implementation": run.implementation, "finished": run.finished,
                    "stale": run.isStale, "counts": run.counts.context,
                    "notRunReason": run.record.notRunReason ?? "",
                    "hasReason": run.record.notRunReason != nil,
                ]
            },
            "notRunYet": runs.isEmpty, "problems": problems, "hasProblems": !problems.isEmpty,
        ]
    }

    private func rewriteLink(_ node: OpaquePointer) {
        let url = Self.string(cmark_node_get_url(node))
        guard !url.contains("://"), !url.hasPrefix("#") else { return }
        let parts = url.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let path = String(parts[0]).replacingOccurrences(of: "./", with: "")
        let fragment = parts.count > 1 ? "#" + parts[1] : ""
        if let page = pages[path] {
            cmark_node_set_url(node, page + fragment)
        }
    }

    /// The alt text of each marble picture the chapter shows, by file name.
    private static func pictureAlts(of markdown: String) -> [String: String] {
        var alts: [String: String] = [:]
        for match in markdown.split(separator: "\n") where match.hasPrefix("![") {
            guard let close = match.range(of: "](\(MarbleFolder.name)/") else { continue }
            let alt = String(match[match.index(match.startIndex, offsetBy: 2)..<close.lowerBound])
            let name = match[close.upperBound...].prefix { $0 != ")" }
            alts[String(name)] = alt
        }
        return alts
    }

    private func replaceImage(_ node: OpaquePointer) {
        let url = Self.string(cmark_node_get_url(node))
        guard url.hasPrefix("\(MarbleFolder.name)/") else { return }
        let name = String(url.dropFirst(MarbleFolder.name.count + 1))
        let parent = cmark_node_parent(node)
        if quizPictures[name] != nil {
            // The answer to a quiz: shown behind the quiz's disclosure, not before it.
            cmark_node_unlink(node)
            cmark_node_free(node)
            if let parent, cmark_node_first_child(parent) == nil {
                cmark_node_unlink(parent)
                cmark_node_free(parent)
            }
            return
        }
        let alt = Self.plainText(of: node)
        guard let svg = MarblePicture.inline(diagrams.appendingPathComponent(name), alt: alt)
        else { return }
        replace(node, with: svg, type: CMARK_NODE_HTML_INLINE)
    }

    // MARK: Search

    private func searchSections(_ document: OpaquePointer, slugs: [Int: String]) -> [SearchSection]
    {
        var sections: [SearchSection] = []
        var current = SearchSection(heading: chapter.title, anchor: "", text: "")
        let quizLines = Set(outputBlocks.filter { $0.value.block.isQuiz }.keys)
        var child = cmark_node_first_child(document)
        while let node = child {
            child = cmark_node_next(node)
            let line = Int(cmark_node_get_start_line(node))
            switch cmark_node_get_type(node) {
            case CMARK_NODE_HEADING:
                if !current.text.isEmpty || !current.anchor.isEmpty { sections.append(current) }
                current = SearchSection(
                    heading: Self.plainText(of: node), anchor: slugs[line] ?? "", text: "")
            case CMARK_NODE_HTML_BLOCK:
                continue
            case CMARK_NODE_CODE_BLOCK where quizLines.contains(line):
                continue
            case CMARK_NODE_CODE_BLOCK:
                current.text += Self.string(cmark_node_get_literal(node)) + " "
            default:
                current.text += Self.plainText(of: node) + " "
            }
        }
        sections.append(current)
        return sections
    }

    // MARK: Helpers

    /// GitHub's anchors: lowercase, letters, digits, `-` and `_` kept, spaces as `-`, and a
    /// repeated heading numbered (`-1`, `-2`), so links written for GitHub work here.
    private func headingSlugs(_ nodes: [OpaquePointer]) -> [Int: String] {
        var slugs: [Int: String] = [:]
        var seen: [String: Int] = [:]
        for node in nodes where cmark_node_get_type(node) == CMARK_NODE_HEADING {
            var slug = ""
            for character in Self.plainText(of: node).lowercased() {
                if character == " " {
                    slug.append("-")
                } else if character.isLetter || character.isNumber || character == "-"
                    || character == "_"
                {
                    slug.append(character)
                }
            }
            let uses = seen[slug, default: 0]
            seen[slug] = uses + 1
            slugs[Int(cmark_node_get_start_line(node))] = uses == 0 ? slug : "\(slug)-\(uses)"
        }
        return slugs
    }

    private func replace(
        _ node: OpaquePointer, with html: String, type: cmark_node_type = CMARK_NODE_HTML_BLOCK
    ) {
        guard let replacement = cmark_node_new(type) else { return }
        cmark_node_set_literal(replacement, html)
        cmark_node_replace(node, replacement)
        cmark_node_free(node)
    }

    /// The lines of a block's text, which ends with a newline unless empty.
    static func lineCount(_ text: String) -> Int {
        var count = 0
        for byte in text.utf8 where byte == 10 { count += 1 }
        return count
    }

    private static func html(of node: OpaquePointer) -> String {
        guard let pointer = cmark_render_html(node, CMARK_OPT_UNSAFE) else { return "" }
        defer { free(pointer) }
        return String(cString: pointer)
    }

    /// The text of a node's inlines (text and code), as GitHub reads a heading's.
    static func plainText(of node: OpaquePointer) -> String {
        var result = ""
        var child = cmark_node_first_child(node)
        while let current = child {
            switch cmark_node_get_type(current) {
            case CMARK_NODE_TEXT, CMARK_NODE_CODE, CMARK_NODE_CODE_BLOCK:
                result += string(cmark_node_get_literal(current))
            case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK:
                result += " "
            default:
                let inner = plainText(of: current)
                result += inner
                if cmark_node_get_type(current) == CMARK_NODE_PARAGRAPH { result += " " }
            }
            child = cmark_node_next(current)
        }
        return result
    }

    private static func string(_ pointer: UnsafePointer<CChar>?) -> String {
        pointer.map { String(cString: $0) } ?? ""
    }
}

/// The folder of the generated marble pictures beside the chapters.
enum MarbleFolder {
    static let name = "diagrams"
}
