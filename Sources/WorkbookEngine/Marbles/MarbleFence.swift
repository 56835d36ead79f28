/// The rules of the ```` ```marble ```` block: the diagram that the example above it must
/// record on its `timeline`, checked like an output block (and, like one, taking
/// `observed-on=IMPLEMENTATION`; ``ChapterExtractor`` reads both).
enum MarbleFence {
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
