import ArgumentParser
import Foundation
import WorkbookEngine
import WorkbookSite

/// `workbook site`: the workbook as a static website, each listing with its last verdict.
struct SiteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "site",
        abstract:
            "Write the workbook as a static website, each listing with its last run's verdict.",
        discussion: """
            A page per chapter (prose through libcmark, listings highlighted at build time), \
            a status page and a search that runs in the page: no server, no request, so it \
            works opened from disk and on GitHub Pages. Verdicts come from the results \
            `workbook test` records in .build/workbook-results.json; without them every \
            listing says "not run yet". Writes only into a new or empty folder or one it \
            wrote before, and never replaces or deletes a file it did not write.

            Examples:
              swift run workbook site                  # .build/site/index.html
              swift run workbook site --run            # run every chapter's tests first
              swift run workbook site --out /tmp/site
            """
    )

    @OptionGroup var options: WorkbookOptions
    @OptionGroup var timeLimit: TimeoutOption

    @Option(help: "The folder to write (default: .build/site under the workbook root).")
    var out: String?

    @Flag(
        name: .customLong("run"),
        help: "Run every chapter's tests first (as `workbook test`), then build the site.")
    var runsTests = false

    @Option(help: "The results file to show (default: .build/workbook-results.json).")
    var results: String?

    @Option(help: "A line shown on the status page saying where the results come from.")
    var provenance: String?

    func run() throws {
        let root = options.rootURL
        var testsFailed = false
        if runsTests {
            let testRun: TestRun
            do {
                let pipeline = try TestPipeline.live(root: root, log: { print($0) })
                testRun = try pipeline.run(TestRequest(timeout: timeLimit.timeout))
            } catch {
                throw RunPrinter.exit(for: error)
            }
            testsFailed = !RunPrinter.print(testRun, verbose: false)
        }
        let folder =
            out.map { URL(fileURLWithPath: $0).standardizedFileURL }
            ?? root.appendingPathComponent(".build/site")
        let recorded: RecordedResults
        do {
            recorded = try RecordedResults.load(
                from: results.map { URL(fileURLWithPath: $0) }
                    ?? root.appendingPathComponent(RecordedResults.path))
        } catch {
            throw fail("cannot read the results: \(error)")
        }
        let started = Date()
        let summary: WorkbookSite.Summary
        do {
            summary = try WorkbookSite(root: root, results: recorded, provenance: provenance)
                .build(to: folder)
        } catch let error as DiagnosticList {
            throw fail(error.diagnostics)
        } catch let error as SiteError {
            throw fail(error.message)
        }
        let seconds = String(format: "%.2f", Date().timeIntervalSince(started))
        print(
            "wrote \(summary.files.count) files (\(summary.bytes / 1024) KiB) to \(folder.path) in \(seconds) s"
        )
        print("open \(folder.appendingPathComponent("index.html").path)")
        if testsFailed { throw ExitCode.failure }
    }
}
