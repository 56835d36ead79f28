import ArgumentParser
import Foundation
import WorkbookEngine

/// `workbook test`: the reader's loop — edit a snippet, run its chapter.
struct TestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test",
        abstract: "Generate, build and run the chapters' tests; report per chapter.",
        discussion: """
            Generates the test files, builds with `swift build --build-tests` (compiler errors \
            point at Chapters/*.md lines), runs the chosen chapters with `swift test \
            --skip-build --filter`, then prints a table and each failure as \
            Chapters/NN-name.md:LINE: message. Exits non-zero on any failure.

            Examples:
              swift run workbook test              # every chapter
              swift run workbook test 03           # chapter 03
              swift run workbook test 3 subjects   # by number or by slug
              swift run workbook test 03 --verbose --scratch-path .build-workbook
            """
    )

    @OptionGroup var options: WorkbookOptions

    @Argument(help: "Chapters to run (03, 3 or the slug); all by default.")
    var chapters: [String] = []

    @Option(help: "Passed to swift build/test as --scratch-path.")
    var scratchPath: String?

    @Flag(help: "Echo the full XCTest output.")
    var verbose = false

    func run() throws {
        let all = try options.loadChapters()
        let selected = try ChapterSelection.select(chapters, from: all.map(\.file))
        _ = try GenerateCommand.generate(all, root: options)

        let runner = SwiftToolRunner(
            root: options.rootURL, chapterTargets: all.map(\.file.moduleName),
            scratchPath: scratchPath)
        let build = try runner.build()
        guard build.status == 0 else {
            print(BuildFailureSummary.render(build.output, chapters: all.map(\.file)))
            throw ExitCode.failure
        }

        let runnable = all.filter { selected.contains($0.file) && !$0.testNames.isEmpty }
        var parser = TestOutputParser()
        var result: (status: Int32, output: String) = (0, "")
        if !runnable.isEmpty {
            result = try runner.test(filters: runnable.map { "^\($0.file.moduleName)\\." })
            parser = TestOutputParser.parse(result.output)
            if verbose { print(result.output) }
        }
        let reports = ChapterReport.reports(from: parser, files: selected)
        print(ReportRenderer.render(reports))
        let failed = reports.contains { !$0.failed.isEmpty }
        if result.status != 0, !failed {
            if !verbose { print(result.output) }
            FileHandle.standardError.write(
                Data("error: swift test exited with status \(result.status)\n".utf8))
            throw ExitCode.failure
        }
        if failed { throw ExitCode.failure }
    }
}
