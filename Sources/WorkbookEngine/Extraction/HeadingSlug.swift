/// GitHub's anchor slug for a heading, which names examples that have no explicit name.
enum HeadingSlug {
    /// Lowercases, keeps ASCII letters, digits, `-` and `_`, and turns spaces into `-`,
    /// as GitHub does for heading anchors (non-ASCII letters are dropped so the result
    /// is a valid Swift identifier part).
    static func slug(_ text: String) -> String {
        var result = ""
        for character in text.lowercased() {
            if character == " " {
                result.append("-")
            } else if character.isASCII,
                character.isLetter || character.isNumber || character == "-" || character == "_"
            {
                result.append(character)
            }
        }
        return result
    }
}
