import WorkbookContract

/// What one pass of the pipeline produced, for the commands to render.
package struct TestRun: Equatable, Sendable {
    /// One report per chosen chapter, in chapter order.
    package var reports: [ChapterReport]
    /// Every output check the examples made, failed ones included.
    var outputChecks: [OutputCheckRecord] = []
    /// What `--update` did, when asked.
    package var update: OutputUpdate.Session.Outcome?
    /// The results as the run recorded them for `workbook site` (``RecordedResults``), this
    /// run's chapters included; none when it kept nothing (a `--mine` run, one that built
    /// nothing, a file that could not be written).
    package var recorded: RecordedResults?
    /// Every chapter as this run loaded it, when all were valid and none was rewritten by
    /// `--update`: what `workbook site --run` builds its pages from, without loading them
    /// again.
    package var chapters: [Chapter]?

    /// Creates a run.
    init(
        reports: [ChapterReport], outputChecks: [OutputCheckRecord] = [],
        update: OutputUpdate.Session.Outcome? = nil
    ) {
        self.reports = reports
        self.outputChecks = outputChecks
        self.update = update
    }

    /// What the conformance kit could not check here, each note once, in order over the
    /// tests: the command line prints them before the report.
    package var conformanceNotes: [String] {
        var notes: [String] = []
        for note in reports.flatMap(\.results).flatMap(\.output.conformanceNotes)
        where !notes.contains(note) {
            notes.append(note)
        }
        return notes
    }

    /// Whether every chosen chapter built and every declared test passed, observed or was
    /// skipped.
    var testsSucceeded: Bool { reports.allSatisfy(\.succeeded) }

    /// Whether the command succeeds: the tests did, and `--update` refused nothing.
    package var succeeded: Bool { testsSucceeded && (update?.refused.isEmpty ?? true) }
}

/// Why the pipeline stopped before it could run the tests.
package enum TestPipelineError: Error, Equatable {
    /// A chapter selector names no chapter (a usage error).
    case unknownChapter(ChapterSelectionError)
    /// A chapter, an exercise or a file in the way has problems, each at its file and line.
    case invalid([Diagnostic])
    /// `--mine` without a workbench.
    case noWorkbench(WorkbenchError)
    /// Something outside the chapters does not compile; `mine` says whether the reader's
    /// workbench was part of the build.
    case buildFailed(BuildFailure, mine: Bool)
    /// The build left nothing to run, or the test tool cannot be found.
    case cannotRun(String)
}

extension TestPipelineError {
    /// A word for JUnit's `type`: why the run stopped.
    var kind: String {
        switch self {
        case .unknownChapter: "unknownChapter"
        case .invalid: "invalid"
        case .noWorkbench: "noWorkbench"
        case .buildFailed: "buildFailed"
        case .cannotRun: "cannotRun"
        }
    }

    /// What stopped the run, in full: every diagnostic, the build's summary.
    var details: String {
        switch self {
        case .unknownChapter(let error): error.message
        case .invalid(let diagnostics): diagnostics.map(\.description).joined(separator: "\n")
        case .noWorkbench(let error): error.description
        case .buildFailed(let failure, _): failure.summary
        case .cannotRun(let message): message
        }
    }
}
