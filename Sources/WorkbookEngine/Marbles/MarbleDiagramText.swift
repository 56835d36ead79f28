import WorkbookContract

/// A marble block's text read back into lanes, for drawing: each lane's label and its marks
/// by character column, so that the picture keeps the columns the text lines up. It reads
/// with ``MarbleGrammar/read(_:)``, the reader that refuses a block at extraction, so the
/// picture draws exactly what the block says.
struct MarbleDiagramText: Equatable, Sendable {
    /// One line of the diagram.
    struct Lane: Equatable, Sendable {
        /// The lane's name (`a`), or the name and `?` of a lane's request line (`a?`).
        let label: String
        /// Each character after the label column, by column: `-` and ` ` included.
        let columns: [Character]

        /// Whether this is a request line rather than a subscriber's lane.
        var isRequests: Bool { label.hasSuffix("?") }
    }

    /// The lanes, top to bottom.
    let lanes: [Lane]
    /// The legend's entries, `a=11` as `("a", "11")`, in order, each value as the block
    /// writes it (in quotes, escaped, when it has a space or a character not visible).
    let legend: [(letter: String, text: String)]
    /// The widest lane, in columns.
    var width: Int { lanes.map(\.columns.count).max() ?? 0 }

    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.lanes == rhs.lanes && lhs.legend.map(\.letter) == rhs.legend.map(\.letter)
            && lhs.legend.map(\.text) == rhs.legend.map(\.text)
    }

    /// Reads `text`, a block extraction accepted; a text the grammar refuses (which no
    /// loaded chapter has) reads as no lanes.
    init(_ text: String) {
        let reading = try? MarbleGrammar.read(text)
        lanes = (reading?.lanes ?? []).map { Lane(label: $0.label, columns: $0.columns) }
        legend = (reading?.legend ?? []).map {
            (String($0.letter), MarbleGrammar.legendValue($0.text))
        }
    }
}
