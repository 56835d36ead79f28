/// Escaping for text placed into HTML by code (templates escape their own values).
enum HTML {
    /// `text` with `&`, `<`, `>` and `"` escaped.
    static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            append(scalar, to: &result)
        }
        return result
    }

    /// Appends `scalar` to `html`, escaped as ``escape(_:)`` escapes it: for code that builds
    /// HTML a scalar at a time (the highlighter) without a string per scalar.
    static func append(_ scalar: Unicode.Scalar, to html: inout String) {
        switch scalar {
        case "&": html += "&amp;"
        case "<": html += "&lt;"
        case ">": html += "&gt;"
        case "\"": html += "&quot;"
        default: html.unicodeScalars.append(scalar)
        }
    }
}
