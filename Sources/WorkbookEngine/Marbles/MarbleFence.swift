import WorkbookContract

/// The rules of the ```` ```marble ```` block: the diagram that the example above it must
/// record on its `timeline`, checked like an output block (and, like one, taking
/// `observed-on=IMPLEMENTATION`; ``ChapterExtractor`` reads both).
enum MarbleFence {
    /// Refuses a marble block whose text the grammar cannot read (``MarbleGrammar``): a
    /// wildcard, a lane name with a space, a lane twice, a value a lane cannot draw. No test
    /// could pass it, and its picture would show what the block does not say.
    static func checkGrammar(of text: String, path: String, fenceLine: Int) throws(Diagnostic) {
        do throws(MarbleGrammar.Problem) {
            _ = try MarbleGrammar.read(text)
        } catch {
            throw Diagnostic(file: path, line: fenceLine + 1 + error.line, message: error.message)
        }
    }

    /// Why `block` cannot follow `earlier`, the blocks already checking the same example:
    /// an example has one timeline, so one diagram.
    static func conflict(adding block: OutputBlock, to earlier: [OutputBlock]) -> String? {
        guard block.kind == .marble,
            let first = earlier.first(where: { $0.kind == .marble })
        else { return nil }
        return
            "this example already has a marble block (line \(first.fenceLine)); an example records one timeline"
    }
}
