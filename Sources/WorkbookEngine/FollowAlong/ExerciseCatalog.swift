import Foundation

/// Reads the exercises from `Exercises/NN/*.swift`: one starter file per component, whose
/// leading comment names the library files that solve it (`// Solution: Sources/...`).
///
/// The starters are plain Swift kept outside every target, so the library's build never
/// sees them; CI builds each one into a reader's Workbench to prove it compiles.
enum ExerciseCatalog {
    /// The folder holding the starters, relative to the root.
    static let folder = "Exercises"

    /// Every exercise, by chapter number; a malformed starter is an error at its line.
    static func load(root: URL) throws(DiagnosticList) -> [Exercise] {
        let fileManager = FileManager.default
        let base = root.appendingPathComponent(folder)
        let chapters = ((try? fileManager.contentsOfDirectory(atPath: base.path)) ?? []).sorted()
        var exercises: [Exercise] = []
        var problems: [Diagnostic] = []
        for chapter in chapters where !chapter.hasPrefix(".") {
            let names =
                ((try? fileManager.contentsOfDirectory(
                    atPath: base.appendingPathComponent(chapter).path)) ?? [])
                .filter { $0.hasSuffix(".swift") }.sorted()
            guard chapter.count == 2, chapter.allSatisfy(\.isNumber), !names.isEmpty else {
                problems.append(
                    Diagnostic(
                        file: "\(folder)/\(chapter)", line: 1,
                        message:
                            "an exercise folder is a two-digit chapter number holding one starter .swift file per component"
                    ))
                continue
            }
            var components: [ExerciseComponent] = []
            for name in names {
                let path = "\(folder)/\(chapter)/\(name)"
                let text =
                    (try? String(
                        contentsOf: root.appendingPathComponent(path), encoding: .utf8)) ?? ""
                do throws(Diagnostic) {
                    let solutions = try solutionPaths(in: text, path: path, root: root)
                    components.append(
                        ExerciseComponent(
                            name: String(name.dropLast(".swift".count)), chapter: chapter,
                            starterPath: path, solutionPaths: solutions,
                            declaredNames: WorkbenchSources.componentNames(ofStarter: text)))
                } catch {
                    problems.append(error)
                }
            }
            exercises.append(Exercise(chapter: chapter, components: components))
        }
        guard problems.isEmpty else { throw DiagnosticList(problems) }
        return exercises
    }

    /// The `// Solution: PATH` lines of a starter's leading comment; each path must exist.
    static func solutionPaths(in text: String, path: String, root: URL) throws(Diagnostic)
        -> [String]
    {
        let marker = "// Solution:"
        var paths: [String] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false)
            .enumerated()
        {
            guard line.hasPrefix("//") else { break }
            guard line.hasPrefix(marker) else { continue }
            let solution = line.dropFirst(marker.count).trimmingCharacters(in: .whitespaces)
            guard
                FileManager.default.fileExists(
                    atPath: root.appendingPathComponent(solution).path)
            else {
                throw Diagnostic(
                    file: path, line: index + 1, message: "no solution file '\(solution)'")
            }
            paths.append(solution)
        }
        guard !paths.isEmpty else {
            throw Diagnostic(
                file: path, line: 1,
                message:
                    "a starter begins with comment lines naming its solution: '// Solution: Sources/...'"
            )
        }
        return paths
    }
}
