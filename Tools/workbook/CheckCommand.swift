import ArgumentParser
import WorkbookEngine

/// `workbook check`: verifies without writing anything.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Fail if generated files are missing, stale or orphaned, or an excerpt drifted.",
        discussion: """
            Writes nothing. Prints each problem as file:line: error: message and exits 1.

            Examples:
              swift run workbook check
              swift run workbook check --root path/to/workbook
            """
    )

    @OptionGroup var options: WorkbookOptions

    func run() throws {
        let count = try options.run { try $0.check() }
        print("\(count) chapter(s) checked: generated files up to date, excerpts match")
    }
}
