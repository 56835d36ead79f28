// Exercise: chapter 13, the debug operator.
// Solution: Sources/CustomCombine/Operators/Publisher+Debug.swift

extension Publisher {
    /// Prints one line per event passing through this point of a chain: `subscription`,
    /// `request unlimited` or `request max(N)`, `output V`, `completion finished` or
    /// `completion failure(E)`, and `cancel`. Each line starts with `prefix` and a space (when
    /// `prefix` is not empty), then `label` (or `function, line N`), then `: `.
    public func debug(
        _ label: String? = nil,
        prefix: String = "",
        function: String = #function,
        line: Int = #line
    ) -> Publishers.HandleEvents<Self> {
        unwritten(
            "Publisher.debug(_:prefix:function:line:)",
            see: "Chapters/13-scheduling.md, 'debug(): watching a chain'")
    }
}
