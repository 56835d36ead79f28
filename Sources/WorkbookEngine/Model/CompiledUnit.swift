/// A piece of the generated file: one block, or all blocks of a group compiled as one.
package struct CompiledUnit: Equatable, Sendable {
    /// How the unit is wrapped in the generated file.
    package enum Kind: Equatable, Sendable {
        /// Placed at file scope as written.
        case declarations
        /// Placed in `extension ChapterNNTests { }`; `tests` are its test methods.
        case tests([ChapterTest])
        /// Wrapped into `func <test.name>() throws`, its stdout compared with `output`.
        case example(test: ChapterTest, output: [OutputBlock])
    }

    /// The wrapping.
    package let kind: Kind
    /// The blocks, in document order.
    package let parts: [Block]

    /// Creates a unit.
    package init(kind: Kind, parts: [Block]) {
        self.kind = kind
        self.parts = parts
    }

    /// The test methods the unit contributes.
    var tests: [ChapterTest] {
        switch kind {
        case .declarations: return []
        case .tests(let tests): return tests
        case .example(let test, _): return [test]
        }
    }

    /// Their names.
    var testNames: [String] { tests.map(\.name) }
}
