import ArgumentParser
import Foundation
import WorkbookEngine

/// `workbook watch`: the test loop without typing: rerun on every save.
struct WatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract:
            "Rerun chapters' tests whenever a chapter, the library or your Workbench/ changes.",
        discussion: """
            Runs the chapters' tests as `workbook test` does (with --mine, against your \
            Workbench/), then waits for a .md or .swift file under Chapters/, Sources/ or \
            Workbench/ to be saved, clears the screen and runs again. Ctrl-C stops it and \
            every test it started.

            Examples:
              swift run workbook watch 03 --mine   # while you write CustomSubject
              swift run workbook watch 07          # while you edit chapter 07
            """
    )

    @OptionGroup var options: WorkbookOptions
    @OptionGroup var selection: ChapterArguments
    @OptionGroup var timeLimit: TimeoutOption
    @OptionGroup var following: MineOption

    func run() throws {
        let request = TestRequest(
            chapters: selection.chapters, mine: following.mine, timeout: timeLimit.timeout)
        do {
            try options.workbook.watch(request, log: { print($0) }, report: show)
        } catch {
            throw RunPrinter.exit(for: error)
        }
    }

    /// Shows one step of the watch: the screen cleared for a run, its report or why it
    /// stopped, then the verdict.
    private func show(_ event: WatchEvent) {
        switch event {
        case .starting:
            print("\u{1B}[2J\u{1B}[H", terminator: "")
        case .ran(let run):
            _ = RunPrinter.print(run, verbose: false)
        case .stopped(let error):
            RunPrinter.show(error)
        case .waiting(let verdict, let seconds):
            let words =
                switch verdict {
                case .passed: "all passed"
                case .failed: "failures above"
                case .stopped: "failed above"
                }
            print(
                "\nworkbook watch: \(words) (\(String(format: "%.2f", seconds)) s); waiting for a save in Chapters/, Sources/ or Workbench/ (Ctrl-C stops)"
            )
            fflush(nil)
        }
    }
}
