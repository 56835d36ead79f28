import ArgumentParser
import WorkbookEngine

/// `workbook progress`: where the reader stands, component by component, and what next.
struct ProgressCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "progress",
        abstract: "Show, per chapter and component, whether yours is passing; and the next step.",
        discussion: """
            Runs the chapters whose components you have started against your Workbench/ \
            (as `workbook test --mine` does, quietly), then prints a table: not started, \
            failing (n of m tests pass), does not compile, or passing, and the next step. A \
            component is yours when your code declares it (a file of its name that declares \
            something else is "not yours"); parked chapters (`workbook exercise NN --park`) \
            use the library's. The table ends with every file --mine compiles from Workbench/.

            Examples:
              swift run workbook progress
            """
    )

    @OptionGroup var options: WorkbookOptions
    @OptionGroup var timeLimit: TimeoutOption

    func run() throws {
        do {
            let progress = try options.workbook.progress(timeout: timeLimit.timeout)
            // Progress always builds against the reader's Workbench/.
            if let failure = progress.buildFailure { RunPrinter.print(failure, mine: true) }
            print(progress.render(), terminator: "")
        } catch {
            throw RunPrinter.exit(for: error)
        }
    }
}
