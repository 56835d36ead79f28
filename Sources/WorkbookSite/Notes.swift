import WorkbookEngine

/// What a chapter's runs said at a line: a failure, an observation or a compiler error.
struct Note {
    /// `failure`, `observation` or `build`.
    let kind: String
    /// The Markdown line.
    let line: Int
    /// The test it belongs to, if any.
    let test: String?
    /// What to show.
    let text: String
    /// The implementation that ran.
    let implementation: String

    /// The template's view.
    var context: [String: Any] {
        [
            "kind": kind, "line": line, "located": line > 0, "text": text,
            "implementation": implementation,
        ]
    }
}

/// The notes of a chapter's runs, handed out to the listing (or output block) whose lines
/// hold them, each once; what no visible block holds goes with its test's listing.
struct Notes {
    private var byLine: [Int: [Note]] = [:]
    private var unplaced: [String: [Note]] = [:]
    private var buildProblems: [Note] = []

    /// The notes of `runs` of `chapter`; stale runs say nothing.
    init(chapter: Chapter, runs: [ChapterRun]) {
        var visible = Set<Int>()
        for block in chapter.blocks where !block.isHidden {
            for line in block.codeLine..<(block.codeLine + ChapterPage.lineCount(block.code)) {
                visible.insert(line)
            }
        }
        for unit in chapter.units {
            guard case .example(_, let outputs) = unit.kind else { continue }
            for output in outputs {
                for line in output
                    .fenceLine...(output.fenceLine + ChapterPage.lineCount(output.text) + 1)
                {
                    visible.insert(line)
                }
            }
        }
        let path = chapter.file.relativePath
        for run in runs where !run.isStale {
            let implementation = run.implementation
            for test in run.record.tests {
                var notes = test.failures.map {
                    Note(
                        kind: "failure", line: $0.file == path ? $0.line : -1, test: test.name,
                        text: $0.file == path ? $0.message : "\($0.file):\($0.line): \($0.message)",
                        implementation: implementation)
                }
                notes += test.observations.map {
                    let recorded = $0.recorded.map {
                        "recorded on \(ChapterRun.label($0.implementation)):"
                            + Self.value($0.value)
                    }
                    return Note(
                        kind: "observation", line: $0.file == path ? $0.line : -1,
                        test: test.name,
                        text: ([
                            "observed: \($0.behavior)",
                            "on \(implementation):" + Self.value($0.observed),
                        ]
                            + recorded).joined(separator: "\n"),
                        implementation: implementation)
                }
                for note in notes {
                    if visible.contains(note.line) {
                        byLine[note.line, default: []].append(note)
                    } else {
                        unplaced[test.name, default: []].append(note)
                    }
                }
            }
            for error in run.record.buildErrors {
                let line = Self.line(of: error, in: path) ?? -1
                let note = Note(
                    kind: "build", line: line, test: nil, text: error,
                    implementation: implementation)
                if visible.contains(line) {
                    byLine[line, default: []].append(note)
                } else {
                    buildProblems.append(note)
                }
            }
        }
    }

    /// Takes the notes at `line`.
    mutating func take(at line: Int) -> [Note] {
        byLine.removeValue(forKey: line) ?? []
    }

    /// Takes the notes of `test` that no visible block holds.
    mutating func takeUnplaced(of test: String) -> [Note] {
        unplaced.removeValue(forKey: test) ?? []
    }

    /// The compiler's errors that are in no block of the chapter, as text.
    var unlocatedBuildProblems: [String] {
        buildProblems.map(\.text)
    }

    /// A value after its label: on the same line, or indented below it when it has several.
    private static func value(_ text: String) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let kept = lines.last == "" ? lines.dropLast() : lines[...]
        guard kept.count > 1 else { return " " + (kept.first.map(String.init) ?? "") }
        return kept.map { "\n    " + $0 }.joined()
    }

    /// The line of `path:LINE:` at the start of a compiler message.
    private static func line(of message: String, in path: String) -> Int? {
        guard message.hasPrefix(path + ":") else { return nil }
        return Int(message.dropFirst(path.count + 1).prefix { $0.isNumber })
    }
}
