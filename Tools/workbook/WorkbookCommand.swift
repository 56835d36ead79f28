import ArgumentParser

/// The `workbook` tool: turns `Chapters/*.md` into XCTest files and runs them.
@main
struct WorkbookCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "workbook",
        abstract: "Compile the workbook's Markdown chapters into tests, check them, and run them.",
        discussion: """
            Examples:
              swift run workbook test          # generate, build and run every chapter
              swift run workbook test 03       # only chapter 03 (also: 3, or its slug)
              swift run workbook generate      # write Tests/Chapters/ from Chapters/
              swift run workbook check         # CI: fail on stale files or excerpt drift
              swift run workbook list          # blocks and tests per chapter
            """,
        subcommands: [
            GenerateCommand.self, CheckCommand.self, TestCommand.self, ListCommand.self,
        ]
    )
}
