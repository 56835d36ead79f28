/// A marble block's text read back into lanes, for drawing: each lane's label and its marks
/// by character column, so that the picture keeps the columns the text lines up.
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
    /// The legend's entries, `a=11` as `("a", "11")`, in order.
    let legend: [(letter: String, text: String)]
    /// The widest lane, in columns.
    var width: Int { lanes.map(\.columns.count).max() ?? 0 }

    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.lanes == rhs.lanes && lhs.legend.map(\.letter) == rhs.legend.map(\.letter)
            && lhs.legend.map(\.text) == rhs.legend.map(\.text)
    }

    /// Reads `text`: a line that starts with a name is a lane; a line that starts with spaces
    /// is the legend. The marks start at the first column where any lane's marks do.
    init(_ text: String) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
        let laneLines = lines.filter { !($0.first?.isWhitespace ?? true) }
        let starts = laneLines.map { line -> Int in
            let label = line.prefix { !$0.isWhitespace }
            let gap = line.dropFirst(label.count).prefix { $0 == " " }
            return label.count + gap.count
        }
        let column = starts.min() ?? 0
        lanes = laneLines.map { line in
            Lane(
                label: String(line.prefix { !$0.isWhitespace }),
                columns: Array(line.dropFirst(column)))
        }
        legend = lines.filter { $0.first == " " }.flatMap { line in
            line.split(separator: " ").compactMap { entry -> (letter: String, text: String)? in
                guard let equals = entry.firstIndex(of: "=") else { return nil }
                return (String(entry[..<equals]), String(entry[entry.index(after: equals)...]))
            }
        }
    }
}
