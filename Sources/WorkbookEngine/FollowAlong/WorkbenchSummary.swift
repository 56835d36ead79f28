/// What `--mine` runs against, printed before the build: exactly what is compiled from the
/// reader's `Workbench/` and what it replaces, and a warning for each unwritten component
/// of the reader's that a chosen chapter uses.
enum WorkbenchSummary {
    /// The lines to print: every component the reader's code declares (each replaces the
    /// library's in every chapter) and the selected chapters' components still the
    /// library's; then files compiled that declare no component, component files that do
    /// not declare theirs, parked folders; then the warnings. All from `reading`, the
    /// workbench as the run read it.
    static func lines(
        for selected: [Chapter], reading: WorkbenchReading, workbench: Workbench
    ) -> [String] {
        let exercises = reading.exercises
        let sources = reading.sources
        let numbers = Set(selected.map(\.file.number))
        let components = exercises.flatMap { exercise in
            exercise.components.map { (chapter: exercise.chapter, component: $0) }
        }
        let yours = components.filter { workbench.isYours($0.component, in: sources) }
        let library = components.filter {
            numbers.contains($0.chapter) && !workbench.isYours($0.component, in: sources)
        }
        func mine(_ entry: (chapter: String, component: ExerciseComponent)) -> String {
            let elsewhere = sources.declaring(entry.component).filter {
                $0 != entry.component.workbenchPath
            }
            let place = elsewhere.isEmpty ? "" : ", in " + elsewhere.joined(separator: ", ")
            return "\(entry.component.name) (\(entry.chapter)\(place))"
        }
        func list(_ entries: [String]) -> String {
            entries.isEmpty ? "none" : entries.joined(separator: ", ")
        }
        var lines = [
            "Against your \(Workbench.folder)/: yours: \(list(yours.map(mine))); the library's: "
                + list(library.map { "\($0.component.name) (\($0.chapter))" })
        ]
        let loose = sources.declaringNothing(of: exercises)
        if !loose.isEmpty {
            lines.append("  also compiled, declaring no component: \(list(loose))")
        }
        for entry in components
        where workbench.hasFile(entry.component) && !workbench.isYours(entry.component, in: sources)
        {
            lines.append(
                "  not yours: \(entry.component.workbenchPath) declares no public "
                    + "\(entry.component.namesToDeclare), so "
                    + "the library's \(entry.component.name) is used")
        }
        let parked = reading.parked
        if !parked.isEmpty {
            lines.append("  parked, not compiled: \(list(parked))")
        }
        for chapter in selected {
            lines += warnings(
                for: chapter, exercises: exercises, workbench: workbench, sources: sources)
        }
        return lines
    }

    /// A warning for each of the reader's components, other than `chapter`'s own, that
    /// `chapter`'s code uses and that still calls `unwritten(...)`.
    static func warnings(
        for chapter: Chapter, exercises: [Exercise], workbench: Workbench,
        sources: WorkbenchSources
    ) -> [String] {
        let code = chapter.blocks.map(\.code).joined(separator: "\n")
        return workbench.unwrittenComponents(
            usedBy: code, chapter: chapter.file.number, among: exercises, sources: sources
        ).map { entry in
            let files = sources.declaring(entry.component).joined(separator: ", ")
            return """
                warning: chapter \(chapter.file.number) uses \(entry.component.name), and yours \
                (\(files)) still calls unwritten(...) \(entry.placeholders) time(s): the chapter \
                stops where it reaches one. Write it, or set it aside to use the library's: \
                swift run workbook exercise \(entry.chapter) --park
                """
        }
    }
}
