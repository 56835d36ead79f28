import Foundation
import WorkbookContract

extension OutputUpdate {
    /// `workbook test --update` over one run: each output block whose example printed
    /// something else is rewritten in the chapter's text as the loader read it (the model's
    /// block lines are that text's), and a chapter saved since it was read is refused
    /// instead of overwritten.
    package struct Session {
        /// One chapter rewritten.
        package struct Rewrite: Equatable, Sendable {
            /// The chapter, relative to the root.
            package let chapter: String
            /// `-`/`+` lines per changed block, each headed by `file:line:`.
            package let diff: String
            /// The chapter's text as written: what its test file is generated from again.
            let text: String
        }

        /// What an update did.
        package struct Outcome: Equatable, Sendable {
            /// Each chapter rewritten, with the diff of what changed.
            package var rewritten: [Rewrite] = []
            /// What could not be updated, or generated again after the update, each at its
            /// file and line.
            package var refused: [Diagnostic] = []
            /// Whether there was any block to change at all.
            package var hadMismatches = false
        }

        let root: URL
        /// Each chapter as loaded, with the text the loader read, by path.
        let chapters: [String: Chapter]

        /// An update of `chapters` (as loaded) under `root`.
        init(root: URL, chapters: [Chapter]) {
            self.root = root
            self.chapters = Dictionary(
                chapters.map { ($0.file.relativePath, $0) }, uniquingKeysWith: { first, _ in first }
            )
        }

        /// Rewrites the blocks of the output checks that did not match.
        func apply(_ checks: [OutputCheckRecord]) -> Outcome {
            let mismatched = Dictionary(grouping: checks.filter { !$0.matched }, by: \.file)
            var outcome = Outcome(hadMismatches: !mismatched.isEmpty)
            for (chapter, found) in mismatched.sorted(by: { $0.key < $1.key }) {
                guard let loaded = chapters[chapter] else { continue }
                let mismatches = found.map { Mismatch(fenceLine: $0.line, actual: $0.actual) }
                do {
                    if let rewritten = try rewriteFile(
                        chapter: loaded, root: root, mismatches: mismatches)
                    {
                        outcome.rewritten.append(
                            Rewrite(chapter: chapter, diff: rewritten.diff, text: rewritten.text))
                    }
                } catch {
                    outcome.refused += error.diagnostics
                }
            }
            return outcome
        }
    }
}
