/// The attributes of a `swift` block's info string (or hidden-block header), validated.
///
/// Unknown or contradictory attributes are errors rather than being ignored, so that a
/// typo never silently turns a test into prose.
struct InfoString: Equatable, Sendable {
    /// The role attribute, or `nil` when none was given (declarations, or the group's role).
    let role: BlockRole?
    /// The `group=NAME` value, if any.
    let group: String?

    /// The attributes the format knows, for error messages.
    static let knownAttributes = ["test", "example", "excerpt", "ignore", "group"]

    /// Whether `info` names Swift the way GitHub's highlighter reads it: the leading run
    /// of letters, digits, `+`, `-`, `_`, `.` and `#`, in any letter case, is `swift`
    /// (so ```` ```Swift ```` and ```` ```swift{.class} ```` are Swift too).
    static func isSwift(_ info: String) -> Bool {
        language(of: info).lowercased() == "swift"
    }

    /// The language word at the start of `info` (`swift{.class}` gives `swift`).
    static func language(of info: String) -> Substring {
        let trimmed = info.drop { $0 == " " || $0 == "\t" }
        return trimmed.prefix { $0.isLetter || $0.isNumber || "+-_.#".contains($0) }
    }

    /// Parses the attributes after `swift`. `file` and `line` locate errors.
    init(_ info: String, file: String, line: Int) throws(Diagnostic) {
        let language = Self.language(of: info)
        let rest = Self.isSwift(info) ? info[language.endIndex...] : info[...]
        let words = rest.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        var role: BlockRole?
        var group: String?

        func fail(_ message: String) -> Diagnostic {
            Diagnostic(file: file, line: line, message: message)
        }
        for word in words {
            let key: String
            let value: String?
            if let equals = word.firstIndex(of: "=") {
                key = String(word[..<equals])
                value = String(word[word.index(after: equals)...])
            } else {
                key = word
                value = nil
            }
            let newRole: BlockRole?
            switch key {
            case "test", "ignore":
                guard value == nil else { throw fail("attribute '\(key)' takes no value") }
                newRole = key == "test" ? .test : .ignore
            case "example":
                if let value {
                    guard Self.isName(value) else {
                        throw fail("example name '\(value)' must use letters, digits, '-' and '_'")
                    }
                }
                newRole = .example(name: value)
            case "excerpt":
                guard let value, let reference = SourceRegionReference(value) else {
                    throw fail(
                        "excerpt needs a value like excerpt=Sources/Module/File.swift#region")
                }
                newRole = .excerpt(reference)
            case "group":
                guard let value, Self.isName(value) else {
                    throw fail("group needs a name of letters, digits, '-' and '_' (group=NAME)")
                }
                guard group == nil else { throw fail("attribute 'group' given twice") }
                group = value
                newRole = nil
            default:
                throw fail(
                    "unknown attribute '\(word)' (known: \(Self.knownAttributes.joined(separator: ", ")))"
                )
            }
            if let newRole {
                guard role == nil else {
                    throw fail(
                        "a block has one role; '\(word)' conflicts with an earlier attribute")
                }
                role = newRole
            }
        }
        if group != nil, let role, !(role == .test || Self.isExample(role)) {
            throw fail("group combines only with 'test' or 'example'")
        }
        self.role = role
        self.group = group
    }

    private static func isExample(_ role: BlockRole) -> Bool {
        if case .example = role { return true }
        return false
    }

    private static func isName(_ value: String) -> Bool {
        !value.isEmpty
            && value.allSatisfy {
                $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_")
            }
    }
}
