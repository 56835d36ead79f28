import Foundation

/// A part of a chapter under one heading, as the search finds it.
struct SearchSection: Encodable {
    /// The heading's text.
    var heading: String
    /// Its anchor on the page (empty for the text before the first heading).
    var anchor: String
    /// The section's text: prose and visible code, quiz answers left out.
    var text: String
}

/// The search index, written with the site as a script (`search-index.js`) rather than JSON
/// fetched at run time: a page opened from disk may not fetch, but it may load a script.
enum SearchIndex {
    /// One entry of the index.
    private struct Entry: Encodable {
        let chapter: String
        let heading: String
        let url: String
        let text: String
    }

    /// The script that sets `window.WORKBOOK_SEARCH` to every section of `pages`.
    static func script(_ pages: [(title: String, page: String, sections: [SearchSection])]) throws
        -> Data
    {
        let entries = pages.flatMap { page in
            page.sections.map {
                Entry(
                    chapter: page.title, heading: $0.heading,
                    url: page.page + ($0.anchor.isEmpty ? "" : "#" + $0.anchor),
                    text: collapsingSpaces($0.text))
            }
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let json = String(decoding: try encoder.encode(entries), as: UTF8.self)
            .replacingOccurrences(of: "</", with: "<\\/")
        return Data("window.WORKBOOK_SEARCH = \(json);\n".utf8)
    }

    /// `text` with each run of spaces, tabs and newlines as one space, trimmed.
    private static func collapsingSpaces(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            if scalar == " " || scalar == "\n" || scalar == "\t" || scalar == "\r" {
                pendingSpace = !result.isEmpty
            } else {
                if pendingSpace { result.append(" ") }
                pendingSpace = false
                result.append(scalar)
            }
        }
        return String(result)
    }
}
