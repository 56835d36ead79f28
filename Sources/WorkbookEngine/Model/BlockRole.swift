/// What the generator does with a `swift` block.
package enum BlockRole: Equatable, Hashable, Sendable {
    /// File-scope code: types, extensions and helpers the chapter's tests use.
    case declarations
    /// Complete test methods, placed in an extension of the chapter's test case.
    case test
    /// Plain statements wrapped into a generated test; `name` is the explicit
    /// `example=NAME`, if any.
    case example(name: String?)
    /// Library code shown for reading, checked against a source region, not compiled.
    case excerpt(SourceRegionReference)
    /// Shown but not compiled; the prose says why.
    case ignore

    /// Whether the block's code ends up in the generated file.
    var isCompiled: Bool {
        switch self {
        case .declarations, .test, .example: return true
        case .excerpt, .ignore: return false
        }
    }
}
