import OutputMatching
import PropertyBased
import Testing

/// Matching, the explanation, the diff and `--update` all read one alignment; these
/// properties check, on random patterns and outputs, that they agree with each other and
/// with a plain definition of the wildcards.
@Suite struct OutputAlignmentPropertyTests {
    /// Pattern lines: plain text, whole-line `...`, `...` inside a line, empty lines.
    static let patternLines = Gen.element(of: ["a", "b", "ab", "", "...", "a...", "...b", "a...b"])
        .compactMap { $0 }
    /// Printed lines, drawn from the same letters so that matches are frequent.
    static let printedLines = Gen.element(of: ["a", "b", "ab", "aab", "", "c"]).compactMap { $0 }
    static let patterns = patternLines.array(of: 0...6).map(Self.text)
    static let outputs = printedLines.array(of: 0...7).map(Self.text)

    static func text(_ lines: [String]) -> String {
        lines.map { $0 + "\n" }.joined()
    }

    /// The definition: a `...` line stands for any run of lines, any other line must match
    /// the next printed line (with `...` inside it standing for any run of characters).
    static func definitionMatches(_ pattern: ArraySlice<String>, _ printed: ArraySlice<String>)
        -> Bool
    {
        guard let first = pattern.first else { return printed.isEmpty }
        if first == "..." {
            return printed.indices.map { printed[$0...] }.contains {
                definitionMatches(pattern.dropFirst(), $0)
            } || definitionMatches(pattern.dropFirst(), printed[printed.endIndex...])
        }
        guard let line = printed.first, OutputLines.matches(first, line) else { return false }
        return definitionMatches(pattern.dropFirst(), printed.dropFirst())
    }

    @Test func matchingAgreesWithTheDefinition() async {
        await propertyCheck(count: 2_000, input: Self.patterns, Self.outputs) { pattern, actual in
            let alignment = OutputAlignment(pattern: pattern, actual: actual)
            let defined = Self.definitionMatches(
                OutputLines.lines(of: pattern)[...], OutputLines.lines(of: actual)[...])
            #expect(alignment.isMatch == defined)
        }
    }

    @Test func stepsSpellBothSidesInOrder() async {
        await propertyCheck(count: 2_000, input: Self.patterns, Self.outputs) { pattern, actual in
            let alignment = OutputAlignment(pattern: pattern, actual: actual)
            var patternSide: [String] = []
            var printedSide: [String] = []
            for step in alignment.steps {
                switch step {
                case .matched(let old, let new):
                    #expect(OutputLines.matches(old, new))
                    patternSide.append(old)
                    printedSide.append(new)
                case .wildcard(let absorbed):
                    patternSide.append("...")
                    printedSide += absorbed
                case .replaced(let old, let new):
                    #expect(old != "...")
                    patternSide.append(old)
                    printedSide.append(new)
                case .removed(let old):
                    #expect(old != "...")
                    patternSide.append(old)
                case .added(let new):
                    printedSide.append(new)
                }
            }
            #expect(patternSide == alignment.pattern)
            #expect(printedSide == alignment.actual)
        }
    }

    /// What `--update` writes (kept lines as written, the rest from the run) matches the
    /// run, and a block that already matched is left exactly as it was.
    @Test func promotionKeepsWhatMatchedAndThenMatches() async {
        await propertyCheck(count: 2_000, input: Self.patterns, Self.outputs) { pattern, actual in
            let alignment = OutputAlignment(pattern: pattern, actual: actual)
            var promoted: [String] = []
            for step in alignment.steps {
                switch step {
                case .matched(let old, _): promoted.append(old)
                case .wildcard: promoted.append("...")
                case .replaced(_, let new), .added(let new): promoted.append(new)
                case .removed: break
                }
            }
            let rewritten = Self.text(promoted)
            #expect(OutputAlignment(pattern: rewritten, actual: actual).isMatch)
            if alignment.isMatch {
                #expect(rewritten == Self.text(alignment.pattern))
            }
        }
    }

    /// The diff's `-` lines are exactly the pattern lines not kept and its `+` lines the
    /// printed lines not covered; the explanation names a difference exactly when the
    /// alignment is not a match.
    @Test func diffAndExplanationReadTheSameSteps() async {
        await propertyCheck(count: 2_000, input: Self.patterns, Self.outputs) { pattern, actual in
            let alignment = OutputAlignment(pattern: pattern, actual: actual)
            let diff = alignment.unifiedDiff().dropFirst(3)
            let notKept = alignment.steps.count {
                if case .replaced = $0 { return true }
                if case .removed = $0 { return true }
                return false
            }
            let notCovered = alignment.steps.count {
                if case .replaced = $0 { return true }
                if case .added = $0 { return true }
                return false
            }
            #expect(diff.count { $0.hasPrefix("-") } == notKept)
            #expect(diff.count { $0.hasPrefix("+") } == notCovered)
            let explanation = alignment.explanation()
            let namesDifference =
                explanation.contains("first difference at expected line")
                || explanation.contains("unexpected extra output at line")
            #expect(namesDifference == !alignment.isMatch)
        }
    }
}
