import XCTest

@testable import WorkbookEngine

/// Which components the reader's compiled code declares, and the warning for an unwritten
/// one that another chapter uses, through the pipeline with fakes.
final class WorkbenchSourcesTests: XCTestCase {
    private static let counterStarter = """
        // Exercise: chapter 01, Counter.
        // Solution: Sources/Lib/Counter.swift
        public final class Counter {
            public init() {}
            public func increment() { unwritten("increment", see: "chapter 01") }
        }

        """

    private static let sendStarter = """
        // Exercise: chapter 00, send(sequence:completion:).
        // Solution: Sources/Lib/Counter.swift
        extension Subject {
            public func send<S: Sequence>(sequence: S, completion: Int?) {}
        }

        """

    private static let usesCounter = """
        # Doubling

        ```swift test
        func testDoubles() {
            let counter = Counter()
            counter.increment()
        }
        ```

        """

    private func workbook(_ workbench: [String: String]) throws -> URL {
        var files: [String: Data] = [
            "Exercises/00/SendSequence.swift": Data(Self.sendStarter.utf8),
            "Exercises/01/Counter.swift": Data(Self.counterStarter.utf8),
            "Sources/Lib/Counter.swift": Data("public final class Counter {}\n".utf8),
            "Chapters/02-doubling.md": Data(Self.usesCounter.utf8),
        ]
        for (path, text) in workbench { files[path] = Data(text.utf8) }
        return try Fixtures.temporaryWorkbook(files, for: self)
    }

    func testAComponentIsYoursOnlyWhenYourCodeDeclaresIt() throws {
        let root = try workbook([
            "Workbench/Chapter01/Counter.swift": """
            // public final class Counter {}
            /* public final class Counter {} */
            public final class MyCounter {}
            public struct Box { public func send(_ value: Int) {} }
            public struct Scan { public typealias Counter = Int }

            """
        ])
        let exercises = try ExerciseCatalog.load(root: root)
        let components = exercises.flatMap(\.components)
        XCTAssertEqual(components.map(\.declaredNames), [["send(sequence)"], ["Counter"]])
        let workbench = Workbench(root: root)
        let sources = workbench.sources
        XCTAssertFalse(components.contains { workbench.isYours($0, in: sources) })
        XCTAssertEqual(
            sources.declaringNothing(of: exercises), ["Workbench/Chapter01/Counter.swift"])

        // Declared in any compiled folder, it is yours: that file replaces the library's.
        let elsewhere = root.appendingPathComponent("Workbench/Elsewhere/Counter.swift")
        try FileManager.default.createDirectory(
            at: elsewhere.deletingLastPathComponent(), withIntermediateDirectories: true)
        try "public final class Counter {}\n".write(
            to: elsewhere, atomically: false, encoding: .utf8)
        let counter = try XCTUnwrap(components.last)
        XCTAssertEqual(workbench.sources.declaring(counter), ["Workbench/Elsewhere/Counter.swift"])
    }

    func testAnUnwrittenComponentAnotherChapterUsesIsWarnedAbout() throws {
        let root = try workbook(["Workbench/Chapter01/Counter.swift": Self.counterStarter])
        let launcher = FakeLauncher([:])
        var pipeline = TestPipeline(
            root: root,
            buildTool: FakeBuild(scratchDirectory: root.appendingPathComponent(".build")),
            launcher: launcher)
        var logged: [String] = []
        pipeline.log = { logged.append($0) }
        _ = try pipeline.run(TestRequest(chapters: ["02"], mine: true))
        XCTAssertEqual(
            logged,
            [
                "Against your Workbench/: yours: Counter (01); the library's: none",
                "warning: chapter 02 uses Counter, and yours (Workbench/Chapter01/Counter.swift) still calls unwritten(...) 1 time(s): the chapter stops where it reaches one. Write it, or set it aside to use the library's: swift run workbook exercise 01 --park",
            ])

        // Parked, it is neither yours nor warned about, and the banner says where it is.
        let exercise = try XCTUnwrap(try ExerciseCatalog.load(root: root).last)
        XCTAssertEqual(
            try Workbench(root: root).park(exercise), "Workbench/Parked/Chapter01")
        logged = []
        _ = try pipeline.run(TestRequest(chapters: ["02"], mine: true))
        XCTAssertEqual(
            logged,
            [
                "Against your Workbench/: yours: none; the library's: none",
                "  parked, not compiled: Workbench/Parked/Chapter01",
            ])
    }
}
