import ArgumentParser
import WorkbookEngine

/// The `workbook` tool: turns `Chapters/*.md` into XCTest files and runs them. Each command
/// parses its options, calls the engine (`WorkbookEngine`) and prints.
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

            Following along (build each component yourself, checked by the chapter's tests):
              swift run workbook exercise 03   # starters in Workbench/Chapter03/
              swift run workbook test 03 --mine
              swift run workbook watch 03 --mine
              swift run workbook hint 03
              swift run workbook progress
            """,
        version: "workbook \(WorkbookVersion.current)",
        subcommands: [
            GenerateCommand.self, CheckCommand.self, TestCommand.self, ListCommand.self,
            ExerciseCommand.self, HintCommand.self, ProgressCommand.self, WatchCommand.self,
            SiteCommand.self,
        ]
    )
}
