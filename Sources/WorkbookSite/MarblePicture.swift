import Foundation

/// A marble block's generated picture (`Chapters/diagrams/*.svg`), inlined into the page so
/// it follows the site's theme: its own style sheet (which follows only the system's colour
/// scheme) is dropped for the site's, and its label becomes the chapter's alt text.
enum MarblePicture {
    /// The picture at `url` as inline SVG labelled `alt`; `nil` when it cannot be read.
    static func inline(_ url: URL, alt: String) -> String? {
        guard let text = try? String(contentsOf: url, encoding: .utf8),
            let start = text.range(of: "<svg ")
        else { return nil }
        var svg = String(text[start.lowerBound...])
        if let style = svg.range(of: "<style>"), let end = svg.range(of: "</style>\n") {
            svg.removeSubrange(style.lowerBound..<end.upperBound)
        }
        if let label = svg.range(of: #"aria-label=""#),
            let close = svg[label.upperBound...].firstIndex(of: "\"")
        {
            svg.replaceSubrange(label.upperBound..<close, with: HTML.escape(alt))
        }
        if let tagEnd = svg.firstIndex(of: ">") {
            svg.insert(
                contentsOf: "<title>\(HTML.escape(alt))</title>", at: svg.index(after: tagEnd))
        }
        return "<span class=\"marble-picture\">"
            + svg.trimmingCharacters(in: .whitespacesAndNewlines) + "</span>"
    }
}
