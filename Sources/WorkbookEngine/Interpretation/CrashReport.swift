/// What the Swift runtime said about a crash, read from where it says it: the end of the
/// process's output. The runtime writes its trap message (`…: Fatal error: …`) just before
/// the backtracer's `*** Program crashed: … ***` header, and the crashed thread's frames
/// after it;
/// nothing of the test's own output can come later. So text a test printed earlier (an
/// `XCTFail` message mentioning "crashed" or "Precondition failed:") is never taken for
/// the crash.
struct CrashReport: Equatable, Sendable {
    /// The runtime's words (`Fatal error: Index out of range`), if it left any.
    var message: String?
    /// The Markdown line of the first frame of the crashed thread in the chapter, if any.
    var line: Int?

    /// The markers of the runtime's trap messages.
    static let markers = ["Fatal error:", "Precondition failed:", "Assertion failed:"]
    /// The backtracer's header line.
    static let header = "Program crashed:"

    /// Reads the crash of a test of `file` from the non-empty lines of its output.
    init(lines: [Substring], file: ChapterFile) {
        guard let headerIndex = lines.lastIndex(where: { $0.contains(Self.header) }) else {
            // No backtrace (the backtracer is off, or the process was killed outright).
            message = Self.trapMessage(endingAt: lines[...])
            return
        }
        message =
            Self.trapMessage(endingAt: lines[..<headerIndex])
            ?? lines[headerIndex].firstRange(of: Self.header).map {
                var text = lines[headerIndex][$0.lowerBound...]
                if text.hasSuffix(" ***") { text = text.dropLast(4) }
                return String(text)
            }
        let needle = file.relativePath + ":"
        for frame in lines[(headerIndex + 1)...] {
            guard let found = frame.firstRange(of: needle) else { continue }
            let digits = frame[found.upperBound...].prefix { $0.isNumber }
            if let number = Int(digits), number > 0 {
                line = number
                break
            }
        }
    }

    /// The runtime's trap message among the last few lines of `lines` (the backtracer's own
    /// `*** … ***` lines may come after it): the nearest line with a marker that is not an
    /// XCTest failure line (`…: error: …`), which quotes whatever its message says.
    private static func trapMessage(endingAt lines: ArraySlice<Substring>) -> String? {
        for line in lines.reversed().filter({ !$0.hasPrefix("***") }).prefix(4)
        where !line.contains(": error: ") {
            if let message = trapMessage(line) { return message }
        }
        return nil
    }

    /// The trap message on `line`, from its marker on.
    private static func trapMessage(_ line: Substring) -> String? {
        for marker in markers {
            if let range = line.firstRange(of: marker) {
                return String(line[range.lowerBound...])
            }
        }
        return nil
    }
}
