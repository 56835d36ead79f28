import ArgumentParser
import WorkbookEngine

/// `workbook list`: what each chapter contains.
struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List chapters: every Swift block with its line and role, and the tests.",
        discussion: """
            Each block line reads `  line N: ROLE`, with `(hidden)` for an HTML-comment \
            block and `group NAME` for a group part, so a block the checker did not \
            recognise as Swift shows by its absence.

            Examples:
              swift run workbook list
              swift run workbook list 03
            """
    )

    @OptionGroup var options: WorkbookOptions
    @OptionGroup var selection: ChapterArguments

    func run() throws {
        print(try options.run { try $0.listing(of: selection.chapters) }, terminator: "")
    }
}
