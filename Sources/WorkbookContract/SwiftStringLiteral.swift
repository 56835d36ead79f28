/// Text written as a Swift string literal: the one escaper behind the generated tests'
/// literals (any chapter path compiles) and a marble legend's quoted values (any value reads
/// back exactly).
package enum SwiftStringLiteral {
    /// `text` in quotes, with `\\`, `\"`, `\n`, `\r` and `\t`, and `\u{…}` for each other
    /// scalar `escapes` picks (given the scalar before it); by default the control
    /// characters.
    package static func quoted(
        _ text: String,
        escaping escapes: (Unicode.Scalar, Unicode.Scalar?) -> Bool = { scalar, _ in
            scalar.value < 0x20 || scalar.value == 0x7F
        }
    ) -> String {
        var result = "\""
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if escapes(scalar, previous) {
                    result += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
            previous = scalar
        }
        return result + "\""
    }
}
