import Foundation

/// The checks on a chapter's raw bytes that must pass before Markdown parsing: the
/// workbook accepts only UTF-8 text with `\n` line endings and some content.
enum ChapterSource {
    /// Decodes `data` as the text of the chapter at `path`, or throws a diagnostic at the
    /// first offending line.
    static func text(of data: Data, path: String) throws(Diagnostic) -> String {
        let bytes = [UInt8](data)
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw Diagnostic(
                file: path, line: lineOfFirstInvalidByte(bytes),
                message: "chapter is not valid UTF-8 text")
        }
        if let carriageReturn = bytes.firstIndex(of: 13) {
            let line = bytes[..<carriageReturn].reduce(1) { $1 == 10 ? $0 + 1 : $0 }
            throw Diagnostic(
                file: path, line: line,
                message: "chapter has CRLF (or CR) line endings; save it with LF line endings")
        }
        if text.allSatisfy(\.isWhitespace) {
            throw Diagnostic(file: path, line: 1, message: "chapter is empty")
        }
        return text
    }

    private static func lineOfFirstInvalidByte(_ bytes: [UInt8]) -> Int {
        var line = 1
        var lineStart = 0
        for (index, byte) in bytes.enumerated() where byte == 10 {
            if String(validating: bytes[lineStart..<index], as: UTF8.self) == nil {
                return line
            }
            line += 1
            lineStart = index + 1
        }
        return line
    }
}
