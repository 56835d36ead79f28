import Foundation
import WorkbookContract

extension OutputUpdate {
    /// `workbook test --update` over one run: the chapters' text is read as the run begins,
    /// so a chapter edited during the run is refused instead of overwritten; afterwards each
    /// output block whose example printed something else is rewritten.
    package struct Session {
        /// One chapter rewritten.
        package struct Rewrite: Equatable, Sendable {
            /// The chapter, relative to the root.
            package let chapter: String
            /// `-`/`+` lines per changed block, each headed by `file:line:`.
            package let diff: String
        }

        /// What an update did.
        package struct Outcome: Equatable, Sendable {
            /// Each chapter rewritten, with the diff of what changed.
            package var rewritten: [Rewrite] = []
            /// What could not be updated, each at its file and line.
            package var refused: [Diagnostic] = []
            /// Whether there was any block to change at all.
            package var hadMismatches = false
        }

        let root: URL
        /// Each chapter as loaded and its text as the run began, by path.
        let chapters: [String: (chapter: Chapter, text: String)]

        /// Reads every chapter of `chapters` (as loaded) under `root` as the run begins.
        init(root: URL, chapters: [Chapter]) throws {
            self.root = root
            var read: [String: (Chapter, String)] = [:]
            for chapter in chapters {
                let path = chapter.file.relativePath
                let url = root.appendingPathComponent(path)
                guard let text = OutputUpdate.readChapter(at: url.resolvingSymlinksInPath())
                else {
                    throw DiagnosticList([
                        Diagnostic(
                            file: path, line: 1,
                            message: "cannot read the chapter as UTF-8; --update needs to")
                    ])
                }
                read[path] = (chapter, text)
            }
            self.chapters = read
        }

        /// Rewrites the blocks of the output checks that did not match.
        func apply(_ checks: [OutputCheckRecord]) -> Outcome {
            let mismatched = Dictionary(grouping: checks.filter { !$0.matched }, by: \.file)
            var outcome = Outcome(hadMismatches: !mismatched.isEmpty)
            for (chapter, found) in mismatched.sorted(by: { $0.key < $1.key }) {
                guard let (loaded, text) = chapters[chapter] else { continue }
                let mismatches = found.map { Mismatch(fenceLine: $0.line, actual: $0.actual) }
                do {
                    let diff = try rewriteFile(
                        chapter: loaded, root: root, textAtRunStart: text,
                        mismatches: mismatches)
                    if !diff.isEmpty {
                        outcome.rewritten.append(Rewrite(chapter: chapter, diff: diff))
                    }
                } catch {
                    outcome.refused += error.diagnostics
                }
            }
            return outcome
        }
    }
}
