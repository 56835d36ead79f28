import Foundation
import WorkbookEngine

/// What `workbook site` is asked for.
package struct SiteRequest: Sendable {
    /// The folder to write; `.build/site` under the root when none.
    package var out: URL?
    /// The results file to show; without one, the results of the run when the tests run,
    /// else those recorded in ``RecordedResults/path``.
    package var results: URL?
    /// A line about where the results come from, shown on the status page.
    package var provenance: String?
    /// Whether every chapter's tests run first (as `workbook test`).
    package var runsTests: Bool
    /// With `runsTests`: the seconds each test may run.
    package var timeout: Double

    /// A request; every option as `workbook site` defaults it.
    package init(
        out: URL? = nil, results: URL? = nil, provenance: String? = nil,
        runsTests: Bool = false, timeout: Double = 30
    ) {
        self.out = out
        self.results = results
        self.provenance = provenance
        self.runsTests = runsTests
        self.timeout = timeout
    }
}

/// What `workbook site` wrote.
package struct SiteOutcome {
    /// The folder written.
    package let folder: URL
    /// The files written and their size.
    package let summary: WorkbookSite.Summary
    /// How long writing the site took, in seconds (the run of the tests not included).
    package let seconds: Double
    /// The run of the tests, when they ran.
    package let run: TestRun?
}

extension Workbook {
    /// `workbook site`: runs every chapter's tests when asked, then writes the site from that
    /// run as recorded, in memory; without a run, from the results recorded before (or the
    /// file `request.results` names). `log` gets the lines shown during the run, `ran` the
    /// run itself before the site is written, so its report shows even if the site cannot
    /// be. Throws ``TestPipelineError`` when the run stops, ``WorkbookError`` when the
    /// results cannot be read, the chapters are not valid or the folder is refused.
    package func site(
        _ request: SiteRequest, log: @escaping (String) -> Void = { _ in },
        ran: (TestRun) -> Void = { _ in }
    ) throws -> SiteOutcome {
        var run: TestRun?
        if request.runsTests {
            let testRun = try test(TestRequest(timeout: request.timeout), log: log)
            ran(testRun)
            run = testRun
        }
        let folder = request.out ?? root.appendingPathComponent(".build/site")
        let results: RecordedResults
        if let recorded = run?.recorded, request.results == nil {
            results = recorded
        } else {
            do {
                results = try RecordedResults.load(
                    from: request.results ?? root.appendingPathComponent(RecordedResults.path))
            } catch {
                throw WorkbookError.failed("cannot read the results: \(error)")
            }
        }
        let started = Date()
        let summary: WorkbookSite.Summary
        do {
            summary = try WorkbookSite(root: root, results: results, provenance: request.provenance)
                .build(to: folder, chapters: run?.chapters)
        } catch let error as DiagnosticList {
            throw WorkbookError.invalid(error.diagnostics)
        } catch let error as SiteError {
            throw WorkbookError.failed(error.message)
        }
        return SiteOutcome(
            folder: folder, summary: summary, seconds: Date().timeIntervalSince(started), run: run)
    }
}
