import ArgumentParser
import Foundation
import WorkbookEngine

/// `workbook test --update`: after the run, each output block whose example printed
/// something else is rewritten by `OutputPromoter`, which keeps every line that matched
/// (`...` lines and `...` inside lines included) and every other byte of the chapter.
extension TestCommand {
    /// The text of every chapter as the run begins: a chapter edited during the run is
    /// then refused instead of overwritten.
    func chapterTextsAtStart() throws -> [String: String] {
        var texts: [String: String] = [:]
        for chapter in try options.loadChapters() {
            let path = chapter.file.relativePath
            texts[path] = try String(
                contentsOf: options.rootURL.appendingPathComponent(path), encoding: .utf8)
        }
        return texts
    }

    /// Promotes the run's mismatched observations into their chapters and prints what
    /// changed; a chapter it cannot update is reported at file:line and fails the command.
    func promote(_ observations: [OutputObservation], textsAtStart: [String: String]) throws {
        let mismatched = Dictionary(grouping: observations.filter { !$0.matched }, by: \.file)
        guard !mismatched.isEmpty else {
            print("--update: no output block to change")
            return
        }
        var refused: [Diagnostic] = []
        for (chapter, found) in mismatched.sorted(by: { $0.key < $1.key }) {
            guard let text = textsAtStart[chapter] else { continue }
            let mismatches = found.map {
                OutputPromoter.Mismatch(fenceLine: $0.line, actual: $0.actual)
            }
            do {
                let diff = try OutputPromoter.promote(
                    chapter: chapter, root: options.rootURL, textAtRunStart: text,
                    mismatches: mismatches)
                if !diff.isEmpty { print("--update: rewrote \(chapter)\n\(diff)") }
            } catch {
                refused += error.diagnostics
            }
        }
        guard refused.isEmpty else {
            report(refused)
            throw ExitCode.failure
        }
    }
}
