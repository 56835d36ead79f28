import OpenCombineShim
import WorkbookContract

/// Draws a ``Timeline``'s marks as marble text, the grammar of RxJS's marble tests extended
/// for Combine.
///
/// One line per lane: its name, then one column per frame. `-` is a frame in which nothing
/// happened, `^` the subscription, a character a value, `|` completion, `#` failure, `!` a
/// cancel, and `(ab)` several marks in the same frame. Columns line up across lanes: a frame
/// with a group is as wide as its widest group, and the other lanes pad it with spaces after
/// their own mark (a `-` while subscribed and quiet), never with more `-`: on a live lane,
/// each `-`, each mark outside a group and each group is one frame. A lane that asked for a
/// limited demand has a second line, `name?`, with each request in its frame (`*` for
/// `.unlimited`). A value whose text is not one visible
/// character, or is one of the marks, is drawn as a letter explained by the last line,
/// `a=11 b=13`, in quotes with escapes when it has a space or a character not visible
/// (``MarbleGrammar``, which the engine reads the text back with).
package struct MarbleDiagram: Sendable {
    /// The diagram, one line per lane, request line or legend, each ending with a newline.
    package let text: String

    /// Draws `marks` on `lanes`, in the lanes' order.
    package init(lanes: [(name: String, showsRequests: Bool)], marks: [TimelineMark]) {
        var legend = Legend(marks: marks)
        let lastFrame = marks.map(\.frame).max() ?? -1
        var rows: [Row] = []
        for lane in lanes {
            let own = marks.filter { $0.lane == lane.name }
            let events = own.filter { if case .requested = $0.kind { false } else { true } }
            rows.append(Row(label: lane.name, marks: events, legend: &legend, lastFrame: lastFrame))
            if lane.showsRequests {
                let requests = own.filter { if case .requested = $0.kind { true } else { false } }
                rows.append(
                    Row(
                        label: lane.name + "?", marks: requests, legend: &legend,
                        lastFrame: lastFrame))
            }
        }
        let labelWidth = (rows.map(\.label.count).max() ?? 0) + 2
        var widths = Array(repeating: 1, count: lastFrame + 1)
        for row in rows {
            for (frame, token) in row.tokens.enumerated() where !token.isEmpty {
                widths[frame] = max(widths[frame], token.count)
            }
        }
        var lines: [String] = []
        for row in rows {
            var line = row.label.padding(toLength: labelWidth, withPad: " ", startingAt: 0)
            for frame in 0...max(lastFrame, 0) where frame <= lastFrame {
                let token = row.tokens[frame]
                // A quiet frame is one `-`; the rest of a frame a group widened is spaces,
                // so that each `-` on a lane is exactly one frame.
                let drawn = token.isEmpty ? (row.active[frame] ? "-" : " ") : token
                line += drawn + String(repeating: " ", count: widths[frame] - drawn.count)
            }
            while line.last == " " { line.removeLast() }
            lines.append(line)
        }
        if !legend.entries.isEmpty {
            lines.append(
                String(repeating: " ", count: labelWidth)
                    + legend.entries.map { "\($0.letter)=\(MarbleGrammar.legendValue($0.text))" }
                    .joined(separator: " "))
        }
        text = lines.map { $0 + "\n" }.joined()
    }

    /// One line of the diagram: a token per frame, and whether the lane is live after it.
    private struct Row {
        let label: String
        var tokens: [String]
        var active: [Bool]

        init(label: String, marks: [TimelineMark], legend: inout Legend, lastFrame: Int) {
            self.label = label
            tokens = Array(repeating: "", count: lastFrame + 1)
            active = Array(repeating: false, count: lastFrame + 1)
            var live = false
            for frame in 0..<(lastFrame + 1) {
                let here = marks.filter { $0.frame == frame }.map { legend.symbol(for: $0.kind) }
                tokens[frame] = here.count > 1 ? "(" + here.joined() + ")" : here.joined()
                for mark in marks where mark.frame == frame {
                    switch mark.kind {
                    case .subscribed: live = true
                    case .finished, .failed, .cancelled: live = false
                    case .value, .requested: break
                    }
                }
                // A request line is never filled: only its requests are drawn.
                let isRequestLine = marks.contains {
                    if case .requested = $0.kind { true } else { false }
                }
                active[frame] = live && !isRequestLine
            }
        }
    }

    /// The letters that stand for values (and demands) too wide or too ambiguous to draw.
    private struct Legend {
        private(set) var entries: [(letter: Character, text: String)] = []
        private var free: [Character]

        init(marks: [TimelineMark]) {
            let literal = Set(
                marks.compactMap { mark -> Character? in
                    guard case .value(let text) = mark.kind, Self.drawsItself(text) else {
                        return nil
                    }
                    return text.first
                })
            free = Self.letters.filter { !literal.contains($0) }
        }

        /// The letters a legend gives out, in order: Latin, then Greek, then Cyrillic, each
        /// one column wide, so that a diagram of many values still lines up.
        private static let letters: [Character] =
            Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
            + [(0x3B1...0x3C9), (0x391...0x3A9), (0x430...0x44F), (0x410...0x42F)].flatMap {
                $0.compactMap(Unicode.Scalar.init).filter(\.properties.isAlphabetic)
                    .map(Character.init)
            }

        /// Whether `text` is drawn as it is: one visible character that is not a mark.
        static func drawsItself(_ text: String) -> Bool {
            MarbleGrammar.drawsItself(text)
        }

        mutating func symbol(for kind: TimelineMark.Kind) -> String {
            switch kind {
            case .subscribed: return "^"
            case .finished: return "|"
            case .failed: return "#"
            case .cancelled: return "!"
            case .requested(let demand):
                guard let max = demand.max else { return "*" }
                return letter(for: "\(max)")
            case .value(let text): return letter(for: text)
            }
        }

        private mutating func letter(for text: String) -> String {
            if Self.drawsItself(text) { return text }
            if let entry = entries.first(where: { $0.text == text }) { return String(entry.letter) }
            guard !free.isEmpty else {
                preconditionFailure(
                    "a marble diagram has \(Self.letters.count) letters for values wider than one character, and this run has more such values: draw a shorter run"
                )
            }
            let letter = free.removeFirst()
            entries.append((letter, text))
            return String(letter)
        }
    }
}
