import ArgumentParser
import ChildProcesses
import Foundation
import WorkbookEngine

/// `workbook watch`: the test loop without typing: rerun on every save.
struct WatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract:
            "Rerun chapters' tests whenever a chapter, the library or your Workbench/ changes.",
        discussion: """
            Runs `workbook test` with the same chapters (and --mine), then waits for a .md or \
            .swift file under Chapters/, Sources/ or Workbench/ to be saved, clears the \
            screen and runs again. Ctrl-C stops it and every test it started.

            Examples:
              swift run workbook watch 03 --mine   # while you write CustomSubject
              swift run workbook watch 07          # while you edit chapter 07
            """
    )

    @OptionGroup var options: WorkbookOptions

    @Argument(help: "Chapters to run (03, 3 or the slug); all by default.")
    var chapters: [String] = []

    @Flag(help: "Run against your own components in Workbench/.")
    var mine = false

    @Option(help: "Seconds each test may run before its process group is killed.")
    var timeout: Double = 30

    func run() throws {
        _ = ChildGroups.shared  // Ctrl-C from now on kills every test this loop starts.
        let root = options.rootURL
        var arguments = chapters + ["--timeout", "\(timeout)", "--root", root.path]
        if mine { arguments.append("--mine") }
        let test = try TestCommand.parse(arguments)
        // Armed before the first run: a save during any run triggers the next one.
        let watcher = FileWatcher(
            folders: ["Chapters", "Sources", Workbench.folder].map {
                root.appendingPathComponent($0)
            })
        while true {
            print("\u{1B}[2J\u{1B}[H", terminator: "")
            let start = Date()
            let verdict: String
            do {
                let run = try test.execute()
                verdict = run.reports.allSatisfy(\.succeeded) ? "all passed" : "failures above"
            } catch {
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
