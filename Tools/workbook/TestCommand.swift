import ArgumentParser
import ChildProcesses
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

    @Argument(help: "Chapters to run (03, 3 or the slug); all by default.")
    var chapters: [String] = []

    @Option(help: "Passed to swift build as --scratch-path.")
    var scratchPath: String?

    @Option(help: "Seconds each test may run before its process group is killed.")
    var timeout: Double = 30

    @Option(help: "Also write a JUnit XML report to this path (relative to the current directory).")
    var junit: String?

    @Flag(help: "Echo each test's full XCTest output.")
    var verbose = false

    @Flag(
        help: """
            Rewrite each output block whose example printed something else. Only the \
            mismatched lines change: lines that matched, `...` included, stay as written.
            """)
    var update = false

    @Flag(
        help: """
            Build the chosen chapters against your own components in Workbench/ (see \
            `workbook exercise`): what you wrote replaces the library's, the rest comes from \
            the library.
            """)
    var mine = false

    func validate() throws {
        guard timeout > 0 else { throw ValidationError("--timeout must be positive") }
    }

    func run() throws {
        let textsAtStart = update ? try chapterTextsAtStart() : [:]
        let run = try execute()
        if update {
            try promote(run.observations, textsAtStart: textsAtStart)
        }
        guard run.reports.allSatisfy(\.succeeded) else { throw ExitCode.failure }
    }

    /// Runs the chosen chapters, prints the report and writes the JUnit file; the result
    /// carries every output observation, failed checks included (for `--update`).
    /// With `quiet`, neither the build's output nor the report is printed (for `progress`).
    func execute(quiet: Bool = false) throws -> ChapterTestRunner.Run {
        let all = try options.loadChapters()
        let selected = try ChapterSelection.select(chapters, from: all.map(\.file))
        _ = try GenerateCommand.generate(all, root: options)
        if mine {
            try MineSummary.check(root: options.rootURL)
            if !quiet { try MineSummary.print(for: selected, root: options.rootURL) }
        }

        var builder = SwiftToolRunner(
            root: options.rootURL, chapterTargets: all.map(\.file.moduleName),
            scratchPath: scratchPath)
        builder.mine = mine
        builder.echo = !quiet
        let broken: [ChapterFile: [String]]
        do {
            broken = try builder.buildIsolatingChapters(all.map(\.file), selected: selected)
        } catch let failure as BuildFailure {
            print(failure.summary)
            if mine {
                print("(built against your Workbench/: an error in Workbench/ is in your code)")
            }
            throw ExitCode.failure
        }
        let products = builder.productsDirectory
        let bundleName = (try? FileManager.default.contentsOfDirectory(atPath: products.path))?
            .first { $0.hasSuffix("PackageTests.xctest") }
        guard let bundleName else {
            FileHandle.standardError.write(Data("error: no test bundle in \(products.path)\n".utf8))
            throw ExitCode.failure
        }
        var runner = ChapterTestRunner(
            bundle: products.appendingPathComponent(bundleName),
            timeout: timeout, verbose: verbose)
        runner.xctest = try XCTestInvocation.locateXCTest()
        let run = try runner.run(all.filter { selected.contains($0.file) }, broken: broken)
        if !quiet { print(ReportRenderer.render(run.reports), terminator: "") }
        if let junit {
            try Data(JUnitReport.render(run.reports).utf8)
                .write(to: URL(fileURLWithPath: junit), options: .atomic)
        }
        return run
    }
}
