import ArgumentParser
import Foundation
import WorkbookEngine

/// `workbook test`: the reader's loop — edit a snippet, run its chapter.
struct TestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test",
        abstract: "Generate, build and run the chapters' tests; report per chapter.",
        discussion: """
            Generates the test files and builds with `swift build --build-tests`; a chapter \
            that does not compile is reported at its Chapters/*.md lines and left out, so \
            every other chapter still builds and runs. Each declared test then runs in a \
            process of its own under a time limit: a crash or a hang is reported at its \
            Markdown line and the rest still run. Prints a table (passed, failed, skipped) and \
            each failure as Chapters/NN-name.md:LINE: message. Exits 0 only when every chosen \
            chapter built and every declared test passed or was skipped.

            Examples:
              swift run workbook test              # every chapter
              swift run workbook test 03           # chapter 03
              swift run workbook test 3 subjects   # by number or by slug
              swift run workbook test 03 --timeout 5 --junit .build/workbook.xml
              swift run workbook test 13 --update  # promote what the examples printed
              swift run workbook test 03 --mine    # chapter 03 against your Workbench/
            """
    )

    @OptionGroup var options: WorkbookOptions
    @OptionGroup var selection: ChapterArguments
    @OptionGroup var timeLimit: TimeoutOption
    @OptionGroup var following: MineOption

    @Option(
        help: """
            Passed to swift build as --scratch-path; a relative path is taken from the \
            workbook root.
            """)
    var scratchPath: String?

    @Option(help: "Also write a JUnit XML report to this path (relative to the current directory).")
    var junit: String?

    @Flag(
        help: """
            Echo each test's full XCTest output, and have the conformance kit show every \
            scenario that broke a rule (it sets WORKBOOK_VERBOSE=1 for the tests).
            """)
    var verbose = false

    @Flag(
        help: """
            Rewrite each output block whose example printed something else. Only the \
            mismatched lines change: lines that matched, `...` included, stay as written.
            """)
    var update = false

    func run() throws {
        let request = TestRequest(
            chapters: selection.chapters, mine: following.mine, timeout: timeLimit.timeout,
            update: update, junit: junit.map { URL(fileURLWithPath: $0) }, verbose: verbose)
        do {
            let run = try options.workbook.test(
                request, scratchPath: scratchPath, log: { print($0) })
            guard RunPrinter.print(run, verbose: verbose) else {
                throw ExitCode.failure
            }
        } catch let error as TestPipelineError {
            throw RunPrinter.exit(for: error)
        }
    }
}
