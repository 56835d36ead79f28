/// A fence the workbook does not read that looks like one it does: a near miss of a role's
/// language (```` ```ouput ````, ```` ```marbel ````, ```` ```swfit ````) or an unknown
/// language carrying a role's attributes (```` ```text observed-on=opencombine ````).
///
/// Such a block would be shown as prose and checked by nothing, so an example it was meant
/// to check would pass whatever it did: an error at its line instead.
enum MistakenFence {
    /// The languages whose fences the workbook reads.
    static let roles = ["swift", "output", "marble"]

    /// The attributes only `swift`, `output` and `marble` blocks take (a `=` means it takes a
    /// value).
    static let roleAttributes = ["test", "example", "ignore", "excerpt", "group", "observed-on"]

    /// Why a fence whose info string is `info`, of a language the workbook does not read,
    /// looks like a mistake; `nil` for an ordinary block (```` ```text ````, ```` ```sh ````).
    static func problem(info: String, language: Substring) -> String? {
        let word = language.lowercased()
        if let role = nearestRole(to: word) {
            return
                "```\(language) is not a block the workbook reads (it would be prose, checked by nothing): did you mean ```\(role)?"
        }
        let words = info.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        let attributes = words.filter { word in
            let key = word.split(separator: "=", maxSplits: 1).first.map(String.init) ?? word
            return roleAttributes.contains(key)
        }
        guard let attribute = attributes.first else { return nil }
        let shown = language.isEmpty ? "a fence with no language" : "```\(language)"
        return
            "\(shown) is not a block the workbook reads, but '\(attribute)' is an attribute of swift, output and marble blocks: name the block's language (```swift, ```output or ```marble)"
    }

    /// Why a comment whose first line after `<!--` is `header` looks like a hidden swift
    /// block with its language misspelt (`<!-- swfit test`): a near miss of `swift` followed
    /// by nothing but a role's attributes. A comment of prose (`<!-- Shift the ... -->`) is
    /// left alone.
    static func hiddenProblem(header: String) -> String? {
        let language = InfoString.language(of: header)
        guard nearestRole(to: language.lowercased()) == "swift" else { return nil }
        let words = header.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst()
        guard
            words.allSatisfy({ word in
                roleAttributes.contains(String(word.split(separator: "=").first ?? word))
            })
        else { return nil }
        return
            "<!-- \(language) is not a hidden swift block (the comment would be hidden, checked by nothing): did you mean <!-- swift?"
    }

    /// The role `word` (lowercased) misspells, if it is one edit (or, for a word of five or
    /// more letters starting like the role, two edits) away from it; a swapped pair of
    /// letters is one edit.
    static func nearestRole(to word: String) -> String? {
        guard word.count >= 2, !roles.contains(word) else { return nil }
        return roles.first { role in
            let distance = editDistance(Array(word), Array(role))
            return distance == 1
                || (distance == 2 && word.count >= 5 && word.first == role.first)
        }
    }

    /// The optimal string alignment distance: insertions, deletions, substitutions and
    /// transpositions of neighbours, each one edit.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(
                    table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, table[i - 2][j - 2] + 1)
                }
                table[i][j] = value
            }
        }
        return table[a.count][b.count]
    }
}
