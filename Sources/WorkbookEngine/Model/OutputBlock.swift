/// An ```` ```output ```` block: what the example before it must print; or a
/// ```` ```marble ```` block: the diagram its `timeline` must record (``Kind``).
package struct OutputBlock: Equatable, Sendable {
    /// What the block's text is checked against.
    package enum Kind: String, Equatable, Sendable {
        /// What the example printed.
        case output
        /// The marble diagram of what the example's `timeline` recorded.
        case marble
    }

    /// What the text is checked against.
    package let kind: Kind
    /// The expected text, ending with a newline unless empty.
    package let text: String
    /// The line of the opening fence; output mismatches are reported here.
    package let fenceLine: Int
    /// The implementation the text was recorded on (```` ```output observed-on=opencombine ````),
    /// or `nil` when every implementation must print it. On another implementation the run
    /// reports what the example printed as an observation instead of comparing.
    package let observedOn: String?
    /// Whether the block is a quiz (```` ```output quiz ````): the site shows the code, asks
    /// the reader what it prints and reveals this text, the run's checked recording.
    package let isQuiz: Bool
    /// The opening fence's run of backticks or tildes (```` ``` ````, `~~~~`): what
    /// `--update` lengthens when a printed line would close the block.
    let fence: String
    /// The first line after the closing fence that holds more than spaces and quote markers
    /// (`>`), if any: where the chapter must link a marble block's picture. The extractor
    /// keeps it so that `check` need not read the chapter again.
    let lineAfter: String?

    /// The values `observed-on=` takes, and the runtime's `CombineImplementation` case each
    /// names.
    static let implementations = ["opencombine": "openCombine", "apple": "apple"]

    /// Creates an output (or marble) block.
    init(
        text: String, fenceLine: Int, observedOn: String? = nil, kind: Kind = .output,
        isQuiz: Bool = false, fence: String = "```", lineAfter: String? = nil
    ) {
        self.kind = kind
        self.isQuiz = isQuiz
        self.text = text
        self.fenceLine = fenceLine
        self.observedOn = observedOn
        self.fence = fence
        self.lineAfter = lineAfter
    }

    /// The line of the closing fence (the extractor keeps only closed blocks): one line per
    /// line of text after the opening fence, in a container (a list, a quote) too.
    var closingLine: Int {
        fenceLine + text.reduce(0) { $1 == "\n" ? $0 + 1 : $0 } + 1
    }
}
