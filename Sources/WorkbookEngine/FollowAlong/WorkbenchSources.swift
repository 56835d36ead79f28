import Foundation

/// What `--mine` compiles from the reader's `Workbench/`, read the way the build reads it:
/// every `.swift` file under the folder, wherever it is, except the parked ones
/// (`Workbench/Parked/`, which the manifest leaves out) and the generated glue.
///
/// A component is the reader's when this code declares it (public, as the chapters need
/// it), not when a file of its name exists: a file whose class was renamed leaves the
/// library's component in place, and says so.
struct WorkbenchSources: Equatable, Sendable {
    /// The folder under `Workbench/` that the build leaves out: parked chapters.
    static let parkedFolder = "Parked"

    /// Each compiled file (relative to the root, sorted) with its text.
    let files: [(path: String, text: String)]

    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.files.map(\.path) == rhs.files.map(\.path)
            && lhs.files.map(\.text) == rhs.files.map(\.text)
    }

    /// Reads the compiled files of the workbench at `root`.
    init(root: URL) {
        let base = root.appendingPathComponent(Workbench.folder)
        var paths: [String] = []
        if let walker = FileManager.default.enumerator(atPath: base.path) {
            while let relative = walker.nextObject() as? String {
                let components = relative.split(separator: "/")
                if components.first.map(String.init) == Self.parkedFolder {
                    walker.skipDescendants()
                    continue
                }
                // SwiftPM leaves hidden files and folders out.
                if components.last?.hasPrefix(".") == true {
                    walker.skipDescendants()
                    continue
                }
                let path = "\(Workbench.folder)/\(relative)"
                guard relative.hasSuffix(".swift"), path != Workbench.gluePath else { continue }
                paths.append(path)
            }
        }
        files = paths.sorted().map { path in
            let text =
                (try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)) ?? ""
            return (path, Self.code(of: text))
        }
    }

    /// The files that declare one of `component`'s names (``ExerciseComponent/declaredNames``):
    /// the files that make it the reader's.
    func declaring(_ component: ExerciseComponent) -> [String] {
        files.filter { file in
            !Self.declaredNames(in: file.text).isDisjoint(with: component.declaredNames)
        }.map(\.path)
    }

    /// The files that declare no component of `exercises`: compiled all the same.
    func declaringNothing(of exercises: [Exercise]) -> [String] {
        let names = Set(exercises.flatMap(\.components).flatMap(\.declaredNames))
        return files.filter { Self.declaredNames(in: $0.text).isDisjoint(with: names) }
            .map(\.path)
    }

    /// How many `unwritten(...)` placeholders the files declaring `component` still call.
    func placeholders(in component: ExerciseComponent) -> Int {
        let declaring = Set(declaring(component))
        return files.filter { declaring.contains($0.path) }
            .map { $0.text.matches(of: Self.placeholder).count }.reduce(0, +)
    }

    /// The folders parked under `Workbench/Parked/` at `root`, relative to the root
    /// (`Workbench/Parked/Chapter02`), sorted.
    static func parked(root: URL) -> [String] {
        let folder = "\(Workbench.folder)/\(parkedFolder)"
        let names =
            (try? FileManager.default.contentsOfDirectory(
                atPath: root.appendingPathComponent(folder).path)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted().map { "\(folder)/\($0)" }
    }

    // MARK: reading Swift, roughly

    nonisolated(unsafe) private static let placeholder = /\bunwritten\s*\(/
    nonisolated(unsafe) private static let declaration =
        /\b(?:public|open)\s+(?:(?:final|static|class|override|nonisolated|mutating|indirect|@\w+)\s+)*(class|struct|enum|protocol|actor|typealias|func)\s+([A-Za-z_][A-Za-z0-9_]*)(?:\s*<[^>{]*>)?(?:\s*\(\s*([A-Za-z_][A-Za-z0-9_]*)?)?/

    /// What `code` declares public or open where a component lives: types and type aliases
    /// at the top level by name, functions at the top level or in a top-level extension by
    /// name and first argument label (`send(sequence)`, `unwrap()`), so that a subject's own
    /// `send(_:)` is not chapter 00's `send(sequence:completion:)`, and a publisher's nested
    /// `Failure` is nobody's component.
    static func declarations(in code: String) -> [(isType: Bool, name: String)] {
        var depth = 0
        var scanned = code.startIndex
        var found: [(isType: Bool, name: String)] = []
        for match in code.matches(of: declaration) {
            for character in code[scanned..<match.range.lowerBound] {
                if character == "{" { depth += 1 } else if character == "}" { depth -= 1 }
            }
            scanned = match.range.lowerBound
            if match.1 == "func" {
                if depth <= 1 { found.append((false, "\(match.2)(\(match.3 ?? ""))")) }
            } else if depth == 0 {
                found.append((true, String(match.2)))
            }
        }
        return found
    }

    /// The names `code` declares (see ``declarations(in:)``).
    static func declaredNames(in code: String) -> Set<String> {
        Set(declarations(in: code).map(\.name))
    }

    /// The names that make a starter's component the reader's: the public types the
    /// starter declares or, for an operator written in an extension, its public functions.
    static func componentNames(ofStarter text: String) -> Set<String> {
        let all = declarations(in: code(of: text))
        let types = all.filter(\.isType)
        return Set((types.isEmpty ? all : types).map(\.name))
    }

    /// `text` without its comments, so that a commented-out class declares nothing.
    static func code(of text: String) -> String {
        text.replacing(/\/\*[\s\S]*?\*\//, with: " ")
            .split(separator: "\n", omittingEmptySubsequences: false)
            .map { line in line.firstRange(of: "//").map { line[..<$0.lowerBound] } ?? line }
            .joined(separator: "\n")
    }
}
