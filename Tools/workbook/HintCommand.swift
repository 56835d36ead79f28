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
        let chapter = try options.chapter(chapter)
        let hints = Hint.hints(
            in: try String(
                contentsOf: options.rootURL.appendingPathComponent(chapter.relativePath),
                encoding: .utf8))
        guard !hints.isEmpty else {
            throw fail("\(chapter.relativePath) has no hints (<details><summary>Hint ...)")
        }
        var ledger = HintLedger(root: options.rootURL)
        if reset {
            try ledger.reset(chapter: chapter.number)
            print("hints for chapter \(chapter.number) start again from the first")
        } else if all {
            for (index, hint) in hints.enumerated() {
                show(hint, number: index + 1, of: hints.count, chapter: chapter)
            }
        } else {
            switch try ledger.next(of: hints, chapter: chapter.number) {
            case .hint(let hint, let number, let count):
                show(hint, number: number, of: count, chapter: chapter)
            case .noMore(let count):
                print(
                    """
                    That was the last hint (\(count) of \(count)). `workbook hint \(chapter.number) --all` \
                    shows them all again; `workbook exercise \(chapter.number) --solution` writes the \
                    library's version (into a Workbench/ file you have not started).
                    """)
            }
        }
    }

    private func show(_ hint: Hint, number: Int, of count: Int, chapter: ChapterFile) {
        print("\(hint.title)  (\(number) of \(count), \(chapter.relativePath):\(hint.line))\n")
        print(hint.body)
        print()
    }
}
