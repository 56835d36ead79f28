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
        let request = SiteRequest(
            out: out.map { URL(fileURLWithPath: $0).standardizedFileURL },
            results: results.map { URL(fileURLWithPath: $0) }, provenance: provenance,
            runsTests: runsTests, timeout: timeLimit.timeout)
        let outcome: SiteOutcome
        do {
            outcome = try options.run {
                try $0.site(
                    request, log: { print($0) }, ran: { _ = RunPrinter.print($0, verbose: false) })
            }
        } catch let error as TestPipelineError {
            throw RunPrinter.exit(for: error)
        }
        let seconds = String(format: "%.2f", outcome.seconds)
        print(
            "wrote \(outcome.summary.files.count) files (\(outcome.summary.bytes / 1024) KiB) to \(outcome.folder.path) in \(seconds) s"
        )
        print("open \(outcome.folder.appendingPathComponent("index.html").path)")
        if let run = outcome.run, !run.succeeded { throw ExitCode.failure }
    }
}
