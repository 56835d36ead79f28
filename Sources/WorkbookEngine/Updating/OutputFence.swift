/// The rules for writing printed text into an output block so that the checker reads back
/// exactly what was printed (CommonMark's fenced code blocks).
enum OutputFence {
    /// A control character found in printed text, and the 1-based line it is on.
    struct ControlCharacter: CustomStringConvertible {
        let scalar: Unicode.Scalar
        let line: Int

        /// `U+000D (carriage return)` and the like.
        var description: String {
            let hex = String(scalar.value, radix: 16, uppercase: true)
            let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            let names: [UInt32: String] = [0x0D: "carriage return", 0x1B: "escape", 0x00: "NUL"]
            return names[scalar.value].map { "\(code) (\($0))" } ?? code
        }
    }

    /// The first character of `lines` other than a tab in Unicode's control category (C0,
    /// DEL, C1): a carriage return would end the line for a Markdown reader, and the others
    /// are invisible or garble an editor, so none is written as printed.
    static func firstControlCharacter(in lines: [String]) -> ControlCharacter? {
        for (index, line) in lines.enumerated() {
            if let scalar = line.unicodeScalars.first(where: {
                $0 != "\t" && $0.properties.generalCategory == .control
            }) {
                return ControlCharacter(scalar: scalar, line: index + 1)
            }
        }
        return nil
    }

    /// The fence for a block holding `body`: `marker` if no line of `body` could close it,
    /// else the same character repeated one more time than the longest line that could. A
    /// line closes a fence when, after up to three spaces, it is a run of the fence's
    /// character at least as long as the fence, followed by nothing but spaces and tabs;
    /// leading tabs are counted as spaces here too, which can only lengthen the fence.
    static func fence(around body: [String], keeping marker: String) -> String {
        guard let character = marker.first else { return marker }
        let longest =
            body.map { line -> Int in
                let content = line.drop { $0 == " " || $0 == "\t" }
                let run = content.prefix { $0 == character }
                let rest = content.dropFirst(run.count)
                return rest.allSatisfy { $0 == " " || $0 == "\t" } ? run.count : 0
            }.max() ?? 0
        return longest >= marker.count
            ? String(repeating: character, count: longest + 1) : marker
    }

    /// `line` (an opening or closing fence, possibly indented) with its run of fence
    /// characters replaced by `fence` when that is longer; otherwise `line` unchanged.
    static func replacingFence(of line: String, with fence: String) -> String {
        guard let character = fence.first else { return line }
        let indentation = line.prefix { $0 == " " }
        let run = line.dropFirst(indentation.count).prefix { $0 == character }
        guard run.count < fence.count else { return line }
        return String(indentation) + fence + line.dropFirst(indentation.count + run.count)
    }
}
