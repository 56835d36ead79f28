/// An ```` ```output ```` block: what the example before it must print.
public struct OutputBlock: Equatable, Sendable {
    /// The expected text, ending with a newline unless empty.
    public let text: String
    /// The line of the opening fence; output mismatches are reported here.
    public let fenceLine: Int

    /// Creates an output block.
    public init(text: String, fenceLine: Int) {
        self.text = text
        self.fenceLine = fenceLine
    }
}
