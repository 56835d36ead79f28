import Foundation
import OutputMatching

/// Promotes what examples printed into their `output` blocks (`workbook test --update`),
/// keeping what the author wrote wherever it still matches: only mismatched lines change,
/// `...` lines and `...` inside lines stay, and every other byte of the chapter is kept.
/// What the checker would not read back as printed is never written: a printed line that
/// would close the block lengthens its fence, and a control character is refused.
///
/// Entry point for the pipeline (through ``Session``):
/// ``rewriteFile(chapter:root:mismatches:)``.
package enum OutputUpdate {
    /// One output block whose example printed something else.
    struct Mismatch: Equatable, Sendable {
        /// The 1-based line of the block's opening ```` ```output ```` fence.
        let fenceLine: Int
        /// What the example printed.
        let actual: String
    }

    /// A chapter's text after the update and a diff of what changed.
    struct Rewritten: Equatable, Sendable {
        /// The whole rewritten chapter.
        let text: String
        /// `-`/`+` lines per changed block, each headed by `file:line:`; empty if nothing
        /// changed.
        let diff: String
    }

    /// Rewrites, in place and atomically, each output block of `chapter` (under `root`)
    /// listed in `mismatches`, in the chapter's text as the loader read it, and returns the
    /// new text with the diff to print (`nil` if nothing changed). Refuses (throws, writing
    /// nothing) if the chapter on disk is no longer the bytes the loader read - the author
    /// saved it during the run - or a line is not an output block this update can rewrite.
    ///
    /// ``Session`` passes the run's unmatched output checks as `Mismatch(fenceLine:actual:)`.
    @discardableResult
    static func rewriteFile(
        chapter: Chapter, root: URL, mismatches: [Mismatch]
    ) throws(DiagnosticList) -> Rewritten? {
        let path = chapter.file.relativePath
        // Through a symbolic link to the chapter itself, so the link stays a link.
        let url = root.appendingPathComponent(path).resolvingSymlinksInPath()
        guard FileManager.default.contents(atPath: url.path) == Data(chapter.text.utf8) else {
            throw DiagnosticList([
                Diagnostic(
                    file: path, line: 1,
                    message:
                        "chapter changed on disk after the run began; not updated (run again)")
            ])
        }
        let rewritten = try rewrite(chapter.text, chapter: chapter, mismatches: mismatches)
        guard rewritten.text != chapter.text else { return nil }
        do {
            let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
            try AtomicFile.write(
                Data(rewritten.text.utf8), to: url,
                permissions: (attributes[.posixPermissions] as? NSNumber)?.intValue)
        } catch {
            throw DiagnosticList([
                Diagnostic(file: path, line: 1, message: "cannot write the chapter: \(error)")
            ])
        }
        return rewritten
    }

    /// The pure part of ``rewriteFile(chapter:root:mismatches:)``: `text`
    /// (the chapter's) with each listed block rewritten, and the diff. The blocks are the
    /// model's (``Chapter``): their lines, fences and examples, never parsed again here.
    static func rewrite(
        _ text: String, chapter: Chapter, mismatches: [Mismatch]
    ) throws(DiagnosticList) -> Rewritten {
        let path = chapter.file.relativePath
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let examples = chapter.units.compactMap { unit -> [OutputBlock]? in
            guard case .example(_, let checks) = unit.kind else { return nil }
            return checks
        }
        var problems: [Diagnostic] = []
        var diff: [String] = []
        // Bottom-up, so rewriting one block never moves the lines of the next one.
        for mismatch in mismatches.sorted(by: { $0.fenceLine > $1.fenceLine }) {
            func refuse(_ message: String) {
                problems.append(Diagnostic(file: path, line: mismatch.fenceLine, message: message))
            }
            guard
                let checks = examples.first(where: {
                    $0.contains { $0.fenceLine == mismatch.fenceLine }
                }), let block = checks.first(where: { $0.fenceLine == mismatch.fenceLine }),
                block.closingLine <= lines.count
            else {
                refuse("no ```output or ```marble block starts on this line; not updated")
                continue
            }
            // A marble block is its example's only one; output blocks were compared joined.
            if block.kind == .output, checks.filter({ $0.kind == .output }).count > 1 {
                refuse("this example's output spans several output blocks; update them by hand")
                continue
            }
            let body = Array(lines[block.fenceLine..<(block.closingLine - 1)])
            guard body.map({ $0 + "\n" }).joined() == block.text else {
                refuse("output block inside a list or block quote; update it by hand")
                continue
            }
            guard Self.isFence(lines[block.fenceLine - 1], block.fence),
                Self.isFence(lines[block.closingLine - 1], block.fence)
            else {
                refuse("no ```output or ```marble block starts on this line; not updated")
                continue
            }
            var newBody: [String] = []
            var changes: [String] = []
            let alignment = OutputAlignment(pattern: block.text, actual: mismatch.actual)
            for step in alignment.steps {
                switch step {
                case .matched(let line, _):
                    newBody.append(line)
                case .wildcard:
                    newBody.append("...")
                case .replaced(let old, let new):
                    newBody.append(new)
                    changes += ["-" + old, "+" + new]
                case .removed(let old):
                    changes.append("-" + old)
                case .added(let new):
                    newBody.append(new)
                    changes.append("+" + new)
                }
            }
            guard !changes.isEmpty else { continue }
            if changes.contains("+...") {
                refuse(
                    "the example printed a line that is only `...`, which an output "
                        + "block reads as 'any lines, or none'; it was not updated, so the "
                        + "block does not start accepting whatever is printed there (print "
                        + "something else, or edit the block by hand)")
                continue
            }
            if let unwritable = OutputFence.firstControlCharacter(in: newBody) {
                refuse(
                    "the example printed the control character \(unwritable) on output "
                        + "line \(unwritable.line); an output block cannot hold it as printed, "
                        + "so it was not updated (print it escaped, or edit the block by hand)")
                continue
            }
            // A printed line that would close the block gets a longer fence around it.
            let longer = OutputFence.fence(around: newBody, keeping: block.fence)
            for index in [block.fenceLine - 1, block.closingLine - 1] {
                let relengthened = OutputFence.replacingFence(of: lines[index], with: longer)
                if relengthened != lines[index] {
                    changes += ["-" + lines[index], "+" + relengthened]
                    lines[index] = relengthened
                }
            }
            lines.replaceSubrange(block.fenceLine..<(block.closingLine - 1), with: newBody)
            diff.insert(
                contentsOf: ["\(path):\(block.fenceLine): \(block.kind.rawValue) block updated"]
                    + changes, at: 0)
        }
        guard problems.isEmpty else { throw DiagnosticList(problems.reversed()) }
        return Rewritten(
            text: lines.joined(separator: "\n"),
            diff: diff.isEmpty ? "" : diff.joined(separator: "\n") + "\n")
    }

    /// Whether `line` still holds a fence of `marker`'s character at least as long, where
    /// the model says one is: a chapter edited between loading and the run's start fails it.
    private static func isFence(_ line: String, _ marker: String) -> Bool {
        guard let character = marker.first else { return false }
        let content = line.drop { $0 == " " }
        return content.prefix { $0 == character }.count >= marker.count
    }
}
