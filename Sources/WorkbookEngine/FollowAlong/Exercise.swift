/// What a chapter asks the reader to build: the components it teaches, each with a starter
/// file to fill in and the library files that solve it.
package struct Exercise: Equatable, Sendable {
    /// The chapter's number as written in its file name, e.g. `03`.
    package let chapter: String
    /// The components, in the order of their starter files' names.
    package let components: [ExerciseComponent]

    /// Creates an exercise for chapter `chapter`.
    init(chapter: String, components: [ExerciseComponent]) {
        self.chapter = chapter
        self.components = components
    }

    /// The reader's folder for this chapter, relative to the root.
    package var workbenchFolder: String { "\(Workbench.folder)/Chapter\(chapter)" }
}

/// One component of an exercise, e.g. chapter 03's `CustomSubject`.
package struct ExerciseComponent: Equatable, Sendable {
    /// The component's name, which is its starter file's name without `.swift`.
    package let name: String
    /// The starter, relative to the root: `Exercises/03/CustomSubject.swift`.
    let starterPath: String
    /// The library files that make up the reference solution, relative to the root.
    let solutionPaths: [String]
    /// Where the reader's version lives, relative to the root:
    /// `Workbench/Chapter03/CustomSubject.swift`.
    package let workbenchPath: String
    /// What the reader's code must declare (publicly) for the component to be theirs: the
    /// public types of the starter, or its public functions (`debug(_)`) when it declares
    /// none (see ``WorkbenchSources``); the name itself when not given.
    let declaredNames: Set<String>

    /// The names to declare, for messages: `Counter`, or `debug(_) or trace(_)`.
    var namesToDeclare: String { declaredNames.sorted().joined(separator: " or ") }

    /// Creates a component; `workbenchPath` follows from the chapter and the name.
    init(
        name: String, chapter: String, starterPath: String, solutionPaths: [String],
        declaredNames: Set<String> = []
    ) {
        self.name = name
        self.starterPath = starterPath
        self.solutionPaths = solutionPaths
        self.workbenchPath = "\(Workbench.folder)/Chapter\(chapter)/\(name).swift"
        self.declaredNames = declaredNames.isEmpty ? [name] : declaredNames
    }
}
