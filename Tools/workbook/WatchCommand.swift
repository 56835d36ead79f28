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
        let root = options.rootURL
        let pipeline: TestPipeline
        do {
            pipeline = try TestPipeline.live(root: root, log: { print($0) })
        } catch {
            throw RunPrinter.exit(for: error)
        }
        let request = TestRequest(
            chapters: selection.chapters, mine: following.mine, timeout: timeLimit.timeout)
        // Armed before the first run: a save during any run triggers the next one.
        let watcher = FileWatcher(folders: Workbench(root: root).watchedFolders)
        while true {
            print("\u{1B}[2J\u{1B}[H", terminator: "")
            let start = Date()
            let verdict: String
            do {
                let passed = RunPrinter.print(try pipeline.run(request), verbose: false)
                verdict = passed ? "all passed" : "failures above"
            } catch {
                if case .unknownChapter(let error) = error { _ = fail(error.message) }
                _ = RunPrinter.exit(for: error)
                verdict = "failed above"
            }
            let seconds = String(format: "%.2f", Date().timeIntervalSince(start))
            print(
                "\nworkbook watch: \(verdict) (\(seconds) s); waiting for a save in Chapters/, Sources/ or Workbench/ (Ctrl-C stops)"
            )
            fflush(nil)
            watcher.waitForChange()
        }
    }
}
