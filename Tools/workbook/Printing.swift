import ArgumentParser
import Foundation
import WorkbookEngine

/// Prints `message` as `error: message` on standard error and returns the exit code 1.
func fail(_ message: String) -> ExitCode {
    FileHandle.standardError.write(Data("error: \(message)\n".utf8))
    return ExitCode.failure
}

/// Prints each diagnostic (`file:line: error: message`) on standard error and returns the
/// exit code 1.
func fail(_ diagnostics: [Diagnostic]) -> ExitCode {
    for diagnostic in diagnostics {
        FileHandle.standardError.write(Data((diagnostic.description + "\n").utf8))
    }
    return ExitCode.failure
}

/// How `test` and `watch` show a run of the pipeline.
enum RunPrinter {
    /// Prints the run: each test's output when `verbose`, the report, then what `--update`
    /// did; returns whether the command succeeds.
    static func print(_ run: TestRun, verbose: Bool) -> Bool {
        if verbose {
            for result in run.reports.flatMap(\.results) { Swift.print(result.output.text) }
        }
        // Before the report, so that the totals stay last.
        for note in run.conformanceNotes {
            Swift.print("conformance kit: \(note)")
        }
        Swift.print(ReportRenderer.render(run.reports), terminator: "")
        if let update = run.update {
            if !update.hadMismatches { Swift.print("--update: no output block to change") }
            for rewrite in update.rewritten {
                Swift.print("--update: rewrote \(rewrite.chapter)\n\(rewrite.diff)")
            }
            if !update.refused.isEmpty { _ = fail(update.refused) }
        }
        return run.succeeded
    }

    /// Prints why the build failed; with `mine`, that it was built against the reader's
    /// `Workbench/` (where such an error is theirs).
    static func print(_ failure: BuildFailure, mine: Bool) {
        Swift.print(failure.summary)
        if mine {
            Swift.print("(built against your Workbench/: an error in Workbench/ is in your code)")
        }
    }

    /// The error to exit with when the pipeline stopped, after printing why: a usage
    /// error is left to ArgumentParser, which prints it with the usage.
    static func exit(for error: TestPipelineError) -> any Error {
        if case .unknownChapter(let error) = error { return ValidationError(error.message) }
        show(error)
        return ExitCode.failure
    }

    /// Prints why the pipeline stopped (`watch` shows it and waits for the next save).
    static func show(_ error: TestPipelineError) {
        switch error {
        case .unknownChapter(let error):
            _ = fail(error.message)
        case .invalid(let diagnostics):
            _ = fail(diagnostics)
        case .noWorkbench(let error):
            _ = fail(error.description)
        case .buildFailed(let failure, let mine):
            print(failure, mine: mine)
        case .cannotRun(let message):
            _ = fail(message)
        }
    }
}
