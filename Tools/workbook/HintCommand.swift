import ArgumentParser
import Foundation
import WorkbookEngine

/// `workbook hint NN`: the next hint of a chapter's exercise, one at a time.
struct HintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hint",
        abstract: "Show the next hint for a chapter's exercise.",
        discussion: """
            The hints live in the chapter, folded (<details>) at the end of its Try it \
            section, so they stay in step with the prose; on GitHub you open them one by one. \
            Each call shows the next one; --all shows every hint, --reset starts again.

            Examples:
              swift run workbook hint 03
              swift run workbook hint 03 --all
            """
    )

    @OptionGroup var options: WorkbookOptions

    @Argument(help: "The chapter (03, 3 or its slug).")
    var chapter: String

    @Flag(help: "Show every hint of the chapter.")
    var all = false

    @Flag(help: "Forget which hints were shown; the next call shows the first.")
    var reset = false

    func run() throws {
        let chapter = try ExerciseCommand.chapter(chapter, root: options)
        let text = try String(
            contentsOf: options.rootURL.appendingPathComponent(chapter.relativePath),
            encoding: .utf8)
        let hints = Hint.hints(in: text)
        guard !hints.isEmpty else {
            FileHandle.standardError.write(
                Data(
                    "error: \(chapter.relativePath) has no hints (<details><summary>Hint ...)\n"
                        .utf8))
            throw ExitCode.failure
        }
        var ledger = HintLedger(root: options.rootURL)
        if reset {
            ledger[chapter.number] = 0
            try ledger.save()
            print("hints for chapter \(chapter.number) start again from the first")
            return
        }
        if all {
            for (index, hint) in hints.enumerated() {
                show(hint, number: index + 1, of: hints.count, chapter: chapter)
            }
            return
        }
        let shown = ledger[chapter.number]
        guard shown < hints.count else {
            print(
                """
                That was the last hint (\(hints.count) of \(hints.count)). `workbook hint \(chapter.number) --all` \
                shows them all again; `workbook exercise \(chapter.number) --solution` writes the \
                library's version (into a Workbench/ file you have not started).
                """)
            return
        }
        show(hints[shown], number: shown + 1, of: hints.count, chapter: chapter)
        ledger[chapter.number] = shown + 1
        try ledger.save()
    }

    private func show(_ hint: Hint, number: Int, of count: Int, chapter: ChapterFile) {
        print("\(hint.title)  (\(number) of \(count), \(chapter.relativePath):\(hint.line))\n")
        print(hint.body)
        print()
    }
}

/// How many hints of each chapter the reader has seen, kept beside the build so that
/// nothing is written into the reader's Workbench/ or the chapters.
struct HintLedger {
    private let url: URL
    private var shown: [String: Int]

    init(root: URL) {
        url = root.appendingPathComponent(".build/workbook-hints.json")
        shown =
            (try? JSONDecoder().decode([String: Int].self, from: Data(contentsOf: url))) ?? [:]
    }

    subscript(chapter: String) -> Int {
        get { shown[chapter] ?? 0 }
        set { shown[chapter] = newValue }
    }

    func save() throws {
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try JSONEncoder().encode(shown).write(to: url, options: .atomic)
    }
}
