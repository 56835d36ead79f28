import XCTest

@testable import WorkbookEngine

/// The reader's folder: starters and solutions are written once, the glue is the only file
/// rewritten, and nothing in the way is ever overwritten.
final class WorkbenchTests: XCTestCase {
    private func workbook() throws -> URL {
        try Fixtures.temporaryWorkbook(
            [
                "Exercises/02/Link.swift": Data(
                    "// Exercise: chapter 02, Link.\n// Solution: Sources/Lib/Link.swift\npublic struct Link {}\n"
                        .utf8),
                "Sources/Lib/Link.swift": Data("public struct Link { public init() {} }\n".utf8),
            ], for: self)
    }

    func testTheCatalogReadsStartersAndTheirSolutions() throws {
        let root = try workbook()
        let exercises = try ExerciseCatalog.load(root: root)
        XCTAssertEqual(exercises.map(\.chapter), ["02"])
        let component = try XCTUnwrap(exercises.first?.components.first)
        XCTAssertEqual(component.name, "Link")
        XCTAssertEqual(component.solutionPaths, ["Sources/Lib/Link.swift"])
        XCTAssertEqual(component.workbenchPath, "Workbench/Chapter02/Link.swift")
    }

    func testAStarterWithoutASolutionLineIsAnError() throws {
        let root = try workbook()
        try "public struct Link {}\n".write(
            to: root.appendingPathComponent("Exercises/02/Link.swift"), atomically: true,
            encoding: .utf8)
        XCTAssertThrowsError(try ExerciseCatalog.load(root: root)) { error in
            let diagnostic = (error as? DiagnosticList)?.diagnostics.first
            XCTAssertEqual(diagnostic?.file, "Exercises/02/Link.swift")
            XCTAssertEqual(diagnostic?.line, 1)
        }
    }

    func testStartWritesOnceAndNeverOverwrites() throws {
        let root = try workbook()
        let exercise = try XCTUnwrap(try ExerciseCatalog.load(root: root).first)
        let workbench = Workbench(root: root)
        XCTAssertEqual(
            try workbench.start(exercise, solution: false),
            ["Workbench/Workbench.swift", "Workbench/Chapter02/Link.swift"])
        let yours = root.appendingPathComponent("Workbench/Chapter02/Link.swift")
        try "// mine\n".write(to: yours, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try workbench.start(exercise, solution: true))
        XCTAssertEqual(try String(contentsOf: yours, encoding: .utf8), "// mine\n")

        try FileManager.default.removeItem(at: yours)
        XCTAssertEqual(
            try workbench.start(exercise, solution: true), ["Workbench/Chapter02/Link.swift"])
        let solution = try String(contentsOf: yours, encoding: .utf8)
        XCTAssertTrue(solution.contains("@testable import CustomCombine"))
        XCTAssertTrue(solution.contains("// From Sources/Lib/Link.swift:\n\npublic struct Link"))
    }

    func testAHandWrittenFileWhereTheGlueGoesIsLeftAlone() throws {
        let root = try workbook()
        let glue = root.appendingPathComponent("Workbench/Workbench.swift")
        try FileManager.default.createDirectory(
            at: glue.deletingLastPathComponent(), withIntermediateDirectories: true)
        try "// my own\n".write(to: glue, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try Workbench(root: root).writeGlue())
        XCTAssertEqual(try String(contentsOf: glue, encoding: .utf8), "// my own\n")
    }

    func testANoClobberWriteFailsOnAFileThatAppearedMeanwhile() throws {
        let root = try workbook()
        let url = root.appendingPathComponent("racer.txt")
        try "first\n".write(to: url, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try AtomicFile.write(Data("second\n".utf8), to: url, replacing: false))
        XCTAssertEqual(try String(contentsOf: url, encoding: .utf8), "first\n")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: root.path)
            .filter { $0.hasSuffix(".tmp") }
        XCTAssertEqual(leftovers, [])
    }
}
