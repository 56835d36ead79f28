import ArgumentParser
import WorkbookEngine

/// `workbook exercise NN`: starts the reader's own version of a chapter's components.
struct ExerciseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "exercise",
        abstract: "Write starter files for a chapter's components into Workbench/.",
        discussion: """
            Writes one starter per component the chapter builds into Workbench/ChapterNN/ \
            (a folder git ignores): its public API, with bodies that say what to write and \
            which section of the chapter explains it. `workbook test NN --mine` then runs the \
            chapter's own tests against your code; components you have not started come from \
            the library. Never overwrites a file: a component you already started is an error.

            With --solution it writes the library's code for those components instead, for \
            a chapter you would rather skip.

            A component is yours when your code in Workbench/ declares it (public): it then \
            replaces the library's in every chapter, so an unfinished one stops later \
            chapters too. --park sets a chapter's folder aside: Workbench/ChapterNN moves to \
            Workbench/Parked/ChapterNN, which is not compiled, and every chapter uses the \
            library's components again; --unpark brings it back. Neither moves a folder onto \
            another.

            Examples:
              swift run workbook exercise 03             # start CustomSubject
              swift run workbook test 03 --mine          # run chapter 03 against it
              swift run workbook hint 03                 # the next hint
              swift run workbook exercise 02 --solution  # take the library's version
              swift run workbook exercise 02 --park      # set your chapter 02 aside
              swift run workbook exercise 02 --unpark    # and bring it back
            """
    )

    @OptionGroup var options: WorkbookOptions

    @Argument(help: "The chapter (03, 3 or its slug).")
    var chapter: String

    @Flag(help: "Write the library's code (the reference solution) instead of starters.")
    var solution = false

    @Flag(help: "Set your Workbench/ChapterNN aside (to Workbench/Parked/), uncompiled.")
    var park = false

    @Flag(help: "Bring a parked Workbench/ChapterNN back.")
    var unpark = false

    func validate() throws {
        guard [solution, park, unpark].filter({ $0 }).count <= 1 else {
            throw ValidationError("--solution, --park and --unpark go one at a time")
        }
    }

    func run() throws {
        let action: ExerciseAction =
            solution ? .solution : park ? .park : unpark ? .unpark : .start
        let outcome = try options.run { try $0.exercise(chapter, action) }
        let number = outcome.exercise.chapter
        let names = outcome.exercise.components.map(\.name).joined(separator: ", ")
        let created: [String]
        switch outcome.change {
        case .parked(let from, let to):
            print("moved \(from) to \(to)")
            print(
                "Every chapter now uses the library's \(names); bring yours back with: swift run workbook exercise \(number) --unpark"
            )
            return
        case .unparked(let from, let to):
            print("moved \(from) to \(to)")
            print("Yours replace the library's again: swift run workbook test \(number) --mine")
            return
        case .started(let paths), .tookSolution(let paths):
            created = paths
        }
        for path in created { print("created \(path)") }
        for component in outcome.replaced {
            print(
                """
                note: this solution uses the library's \(component.name), and yours in \
                \(component.workbenchPath) replaces it; if it lacks what the solution uses, the \
                build says so at that line (rename your file to go back to the library's).
                """)
        }
        for warning in outcome.warnings { print(warning) }
        if case .tookSolution = outcome.change {
            print(
                "\(names): the library's code, now yours. Check it: swift run workbook test \(number) --mine"
            )
        } else {
            print(
                """
                Write \(names) in \(outcome.exercise.workbenchFolder)/, then: swift run workbook test \(number) --mine
                (swift run workbook watch \(number) --mine reruns it on every save; swift run workbook hint \(number) gives a hint)
                """)
        }
    }
}
