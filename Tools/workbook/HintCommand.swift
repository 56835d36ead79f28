import ArgumentParser
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
        let action: HintAction = reset ? .reset : all ? .all : .next
        let answer = try options.run { try $0.hint(chapter, action) }
        let number = answer.chapter.number
        if action == .reset {
            print("hints for chapter \(number) start again from the first")
        }
        for step in answer.steps {
            switch step {
            case .hint(let hint, let index, let count):
                show(hint, number: index, of: count, chapter: answer.chapter)
            case .noMore(let count):
                print(
                    """
                    That was the last hint (\(count) of \(count)). `workbook hint \(number) --all` \
                    shows them all again; `workbook exercise \(number) --solution` writes the \
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
