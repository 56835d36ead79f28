/// What an example followed by a ```` ```marble ```` block gets in its generated test: a
/// `timeline` in scope of its statements, and, when they have run without throwing, the
/// timeline's diagram checked against the block, at the block's line, as output is.
extension SwiftGenerator {
    /// `import WorkbookTimelines` and a newline for a chapter with a marble block, else
    /// nothing: a workbook without marble blocks needs no Combine in its runtime.
    static func timelineImport(for chapter: Chapter) -> String {
        let hasMarbles = chapter.units.contains { unit in
            guard case .example(_, let checks) = unit.kind else { return false }
            return checks.contains { $0.kind == .marble }
        }
        return hasMarbles ? "import WorkbookTimelines\n" : ""
    }

    /// The declaration that puts `timeline` in the example's scope, if it has a marble block.
    static func timelineDeclaration(for marble: OutputBlock?) -> String {
        marble == nil ? "" : "        let timeline = WorkbookTimelines.Timeline()\n"
    }

    /// The check of the recorded diagram against `marble`, if any; `path` is the chapter's
    /// path as a string literal.
    static func marbleCheck(for marble: OutputBlock?, path: String) -> String {
        guard let marble else { return "" }
        let observedOn =
            marble.observedOn.flatMap { OutputBlock.implementations[$0] }
            .map { "                observedOn: .\($0),\n" } ?? ""
        return """
                        WorkbookRuntime.assertDiagram(
                            timeline.diagram,
                            matches: \(multilineLiteral(marble.text)),
            \(observedOn)                file: \(path), line: \(marble.fenceLine))

            """
    }
}
