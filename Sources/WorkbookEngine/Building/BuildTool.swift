import Foundation

/// What the pipeline asks of the tool that compiles the workbook: one build of the package
/// and its tests with some chapter modules left out, and the test bundle that build made.
/// `swift build` in production (``SwiftBuild``); a fake in the pipeline's unit tests.
protocol BuildTool {
    /// Builds the package and its tests, every chapter module in `request.excluded` left out.
    func build(_ request: BuildRequest) throws -> BuildResult

    /// The test bundle the last successful build produced.
    func testBundle() throws -> URL
}

/// One build: which chapter modules exist, which to leave out, and against whose code.
struct BuildRequest: Equatable, Sendable {
    /// Every chapter module of the workbook.
    var chapterModules: [String]
    /// The chapter modules to leave out.
    var excluded: [String]
    /// Whether the chapters build against the reader's `Workbench/` (`--mine`).
    var mine: Bool
    /// With `mine`, the reader's parked chapter folders (`Workbench/Parked/`), as the run
    /// read them once; none without it, where no Workbench target is built.
    var parked: [String] = []
}

/// How one build ended.
struct BuildResult: Equatable, Sendable {
    /// Whether it succeeded.
    var succeeded: Bool
    /// The compiler's output (errors located in chapters through `#sourceLocation`).
    var output: String
}

/// Why the build tool could not produce what the pipeline needs.
enum BuildToolError: Error, Equatable, CustomStringConvertible {
    /// The build succeeded but left no test bundle where it should be.
    case noTestBundle(in: String)
    /// SwiftPM could not say the package's name (its output follows).
    case noPackageName(String)

    /// The message the command line prints.
    var description: String {
        switch self {
        case .noTestBundle(let folder): "no test bundle of this package in \(folder)"
        case .noPackageName(let output): "cannot read the package's name:\n\(output)"
        }
    }
}
