/// A piece of the generated file: one block, or all blocks of a group compiled as one.
public struct CompiledUnit: Equatable, Sendable {
    /// How the unit is wrapped in the generated file.
    public enum Kind: Equatable, Sendable {
        /// Placed at file scope as written.
        case declarations
        /// Placed in `extension ChapterNNTests { }`; `names` are its test methods.
        case tests(names: [String])
        /// Wrapped into `func <testName>() throws`, its stdout compared with `output`.
        case example(testName: String, output: [OutputBlock])
    }

    /// The wrapping.
    public let kind: Kind
    /// The blocks, in document order.
    public let parts: [Block]

    /// Creates a unit.
    public init(kind: Kind, parts: [Block]) {
        self.kind = kind
        self.parts = parts
    }

    /// The test methods the unit contributes.
    public var testNames: [String] {
        switch kind {
        case .declarations: return []
        case .tests(let names): return names
        case .example(let testName, _): return [testName]
        }
    }
}
