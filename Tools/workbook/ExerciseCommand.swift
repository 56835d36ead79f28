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

            Examples:
              swift run workbook exercise 03             # start CustomSubject
              swift run workbook test 03 --mine          # run chapter 03 against it
              swift run workbook hint 03                 # the next hint
              swift run workbook exercise 02 --solution  # take the library's version
            """
    )

    @OptionGroup var options: WorkbookOptions

    @Argument(help: "The chapter (03, 3 or its slug).")
    var chapter: String

    @Flag(help: "Write the library's code (the reference solution) instead of starters.")
    var solution = false

    func run() throws {
        let chapter = try options.chapter(chapter)
        let exercises = try options.exercises()
        guard let exercise = exercises.first(where: { $0.chapter == chapter.number }) else {
            let numbered = exercises.map(\.chapter).joined(separator: ", ")
            throw fail(
                "chapter \(chapter.number) builds no component of its own; chapters with an exercise: \(numbered)"
            )
        }
        let workbench = Workbench(root: options.rootURL)
        let created: [String]
        do {
            created = try workbench.start(exercise, solution: solution)
        } catch {
            throw fail(error.diagnostics)
        }
        for path in created { print("created \(path)") }
        if solution {
            for component in workbench.replacedComponents(usedBy: exercise, among: exercises) {
                print(
                    """
                    note: this solution uses the library's \(component.name), and yours in \
                    \(component.workbenchPath) replaces it; if it lacks what the solution uses, the \
                    build says so at that line (rename your file to go back to the library's).
                    """)
            }
        }
        let names = exercise.components.map(\.name).joined(separator: ", ")
        print(
            solution
                ? "\(names): the library's code, now yours. Check it: swift run workbook test \(chapter.number) --mine"
                : """
                Write \(names) in \(exercise.workbenchFolder)/, then: swift run workbook test \(chapter.number) --mine
                (swift run workbook watch \(chapter.number) --mine reruns it on every save; swift run workbook hint \(chapter.number) gives a hint)
                """)
    }
}
