import Foundation
import Synchronization
import XCTest

/// The follow-along loop on the `followalong` fixture, as a reader goes through it:
/// progress, hints, a starter, a run against it, their own code (wrong, then right), a
/// solution, and watch. Built for real, so each step shows what the reader would see.
final class FollowAlongEndToEndTests: XCTestCase {
    private let component = "Workbench/Chapter01/Counter.swift"

    func testTheLoopFromStarterToPassing() throws {
        let root = try Fixtures.buildableCopy(of: "followalong", for: self)
        let yours = root.appendingPathComponent(component)

        // Before anything: nothing started, and the next step says how to start.
        let before = try runWorkbook(["progress", "--root", root.path])
        XCTAssertEqual(before.status, 0, before.standardOutput + before.standardError)
        XCTAssertTrue(
            before.standardOutput.contains("01       Counter    not started"), before.standardOutput
        )
        XCTAssertTrue(
            before.standardOutput.contains("Next: swift run workbook exercise 01"),
            before.standardOutput)

        // --mine without a workbench is an error that says how to start one.
        let noBench = try runWorkbook(["test", "01", "--mine", "--root", root.path])
        XCTAssertEqual(noBench.status, 1)
        XCTAssertTrue(noBench.standardError.contains("workbook exercise NN"), noBench.standardError)

        // The starter: created, then never overwritten.
        let start = try runWorkbook(["exercise", "01", "--root", root.path])
        XCTAssertEqual(start.status, 0, start.standardError)
        XCTAssertTrue(start.standardOutput.contains("created Workbench/Workbench.swift"))
        XCTAssertTrue(start.standardOutput.contains("created \(component)"))
        let starter = try String(contentsOf: yours, encoding: .utf8)
        XCTAssertTrue(starter.contains("unwritten(\"Counter.increment()\""))
        try (starter + "// my note\n").write(to: yours, atomically: true, encoding: .utf8)
        let again = try runWorkbook(["exercise", "01", "--root", root.path])
        XCTAssertEqual(again.status, 1)
        XCTAssertTrue(again.standardError.contains("\(component):1: error: already exists"))
        XCTAssertTrue(try String(contentsOf: yours, encoding: .utf8).hasSuffix("// my note\n"))
        let solutionOverIt = try runWorkbook(["exercise", "01", "--solution", "--root", root.path])
        XCTAssertEqual(solutionOverIt.status, 1)
        XCTAssertTrue(try String(contentsOf: yours, encoding: .utf8).hasSuffix("// my note\n"))

        // The untouched starter compiles and fails cleanly: each test reported, with what
        // to write and where the chapter explains it.
        let failing = try runWorkbook(["test", "01", "--mine", "--root", root.path])
        XCTAssertEqual(failing.status, 1, failing.standardOutput)
        XCTAssertTrue(
            failing.standardOutput.contains("yours: Counter (01)"), failing.standardOutput)
        XCTAssertTrue(
            failing.standardOutput.contains(
                "crashed: Fatal error: not written yet: Counter.count; see Chapters/01-counter.md, 'Counting'"
            ), failing.standardOutput)
        XCTAssertTrue(failing.standardOutput.hasSuffix("0 passed, 2 failed, 0 skipped\n"))
        let failingProgress = try runWorkbook(["progress", "--root", root.path])
        XCTAssertTrue(
            failingProgress.standardOutput.contains("Counter    failing (0 of 2 tests pass)"),
            failingProgress.standardOutput)
        XCTAssertTrue(
            failingProgress.standardOutput.contains("Next: swift run workbook test 01 --mine"))

        // Without --mine nothing changes: the library's chapter passes.
        let library = try runWorkbook(["test", "01", "--root", root.path])
        XCTAssertEqual(library.status, 0, library.standardOutput)

        // The reader's code that does not compile is reported at their file's line.
        try "public final class Counter {\n    public var count: Int { missing }\n}\n"
            .write(to: yours, atomically: true, encoding: .utf8)
        let broken = try runWorkbook(["test", "01", "--mine", "--root", root.path])
        XCTAssertEqual(broken.status, 1)
        XCTAssertTrue(
            broken.standardOutput.contains(
                "Chapter01/Counter.swift:2:29: error: cannot find 'missing'"),
            broken.standardOutput)

        // Their own correct version passes the chapter's own tests.
        try """
        public final class Counter {
            public private(set) var count = 0
            public init() {}
            public func increment() { count += 1 }
        }

        """.write(to: yours, atomically: true, encoding: .utf8)
        let passing = try runWorkbook(["test", "01", "--mine", "--root", root.path])
        XCTAssertEqual(passing.status, 0, passing.standardOutput)
        XCTAssertTrue(passing.standardOutput.hasSuffix("2 passed, 0 failed, 0 skipped\n"))
        let done = try runWorkbook(["progress", "--root", root.path])
        XCTAssertTrue(
            done.standardOutput.contains("Counter    passing (2 of 2 tests)"), done.standardOutput)
        XCTAssertTrue(done.standardOutput.contains("Next: every component passes"))

        // The solution, once the reader's file is out of the way, is the library's code.
        try FileManager.default.removeItem(at: yours)
        let solution = try runWorkbook(["exercise", "01", "--solution", "--root", root.path])
        XCTAssertEqual(solution.status, 0, solution.standardError)
        XCTAssertTrue(
            try String(contentsOf: yours, encoding: .utf8).contains(
                "// From Sources/CustomCombine/Counter.swift:"))
        let solved = try runWorkbook(["test", "01", "--mine", "--root", root.path])
        XCTAssertEqual(solved.status, 0, solved.standardOutput)
    }

    /// What `--mine` compiles is what the banner and `progress` list, a component is yours
    /// only when your code declares it, and a chapter can be parked and unparked.
    func testWhatIsCompiledIsWhatIsListedAndParkingSetsAChapterAside() throws {
        let root = try Fixtures.buildableCopy(of: "followalong", for: self)
        let yours = root.appendingPathComponent(component)
        XCTAssertEqual(try runWorkbook(["exercise", "01", "--root", root.path]).status, 0)
        let starter = try String(contentsOf: yours, encoding: .utf8)

        // The class renamed: the file compiles, the chapter runs against the library's
        // Counter and passes, and nothing claims that yours did.
        try starter.replacing("class Counter", with: "class MyCounter")
            .replacing("public init() {}", with: "public init() {}\n    func unused() {}")
            .write(to: yours, atomically: true, encoding: .utf8)
        let renamed = try runWorkbook(["test", "01", "--mine", "--root", root.path])
        XCTAssertEqual(renamed.status, 0, renamed.standardOutput)
        XCTAssertTrue(
            renamed.standardOutput.contains(
                "Against your Workbench/: yours: none; the library's: Counter (01)"),
            renamed.standardOutput)
        XCTAssertTrue(
            renamed.standardOutput.contains(
                "not yours: Workbench/Chapter01/Counter.swift declares no public Counter"),
            renamed.standardOutput)
        let renamedProgress = try runWorkbook(["progress", "--root", root.path])
        XCTAssertFalse(
            renamedProgress.standardOutput.contains("passing"), renamedProgress.standardOutput)
        XCTAssertTrue(
            renamedProgress.standardOutput.contains(
                "Counter    not yours: Workbench/Chapter01/Counter.swift declares no public Counter"
            ), renamedProgress.standardOutput)

        // A folder outside the chapter's is compiled, so it is listed, with what it declares.
        try FileManager.default.removeItem(at: yours.deletingLastPathComponent())
        let later = root.appendingPathComponent("Workbench/Chapter01-later/Counter.swift")
        try FileManager.default.createDirectory(
            at: later.deletingLastPathComponent(), withIntermediateDirectories: true)
        try starter.write(to: later, atomically: true, encoding: .utf8)
        try "let myNote = 1\n".write(
            to: root.appendingPathComponent("Workbench/Notes.swift"), atomically: true,
            encoding: .utf8)
        let moved = try runWorkbook(["test", "01", "--mine", "--root", root.path])
        XCTAssertEqual(moved.status, 1, moved.standardOutput)
        XCTAssertTrue(
            moved.standardOutput.contains(
                "yours: Counter (01, in Workbench/Chapter01-later/Counter.swift)"),
            moved.standardOutput)
        XCTAssertTrue(
            moved.standardOutput.contains(
                "also compiled, declaring no component: Workbench/Notes.swift"),
            moved.standardOutput)
        let movedProgress = try runWorkbook(["progress", "--root", root.path])
        XCTAssertTrue(
            movedProgress.standardOutput.contains(
                "Compiled from Workbench/ by --mine: Workbench/Chapter01-later/Counter.swift, Workbench/Notes.swift"
            ), movedProgress.standardOutput)

        // Parked, the untouched starter is not compiled: the library's Counter passes.
        try FileManager.default.moveItem(
            at: later.deletingLastPathComponent(), to: yours.deletingLastPathComponent())
        let park = try runWorkbook(["exercise", "01", "--park", "--root", root.path])
        XCTAssertEqual(park.status, 0, park.standardOutput + park.standardError)
        XCTAssertTrue(
            park.standardOutput.contains(
                "moved Workbench/Chapter01 to Workbench/Parked/Chapter01"), park.standardOutput)
        let parked = try runWorkbook(["test", "01", "--mine", "--root", root.path])
        XCTAssertEqual(parked.status, 0, parked.standardOutput)
        XCTAssertTrue(
            parked.standardOutput.contains("yours: none; the library's: Counter (01)"),
            parked.standardOutput)
        XCTAssertTrue(
            parked.standardOutput.contains("parked, not compiled: Workbench/Parked/Chapter01"),
            parked.standardOutput)
        let parkedProgress = try runWorkbook(["progress", "--root", root.path])
        XCTAssertTrue(
            parkedProgress.standardOutput.contains("Counter    parked"),
            parkedProgress.standardOutput)

        // Parking onto a parked folder moves nothing; unparking brings it back.
        XCTAssertEqual(try runWorkbook(["exercise", "01", "--root", root.path]).status, 0)
        let again = try runWorkbook(["exercise", "01", "--park", "--root", root.path])
        XCTAssertEqual(again.status, 1)
        XCTAssertTrue(
            again.standardError.contains("Workbench/Parked/Chapter01:1: error: already exists"),
            again.standardError)
        try FileManager.default.removeItem(at: yours.deletingLastPathComponent())
        let unpark = try runWorkbook(["exercise", "01", "--unpark", "--root", root.path])
        XCTAssertEqual(unpark.status, 0, unpark.standardError)
        XCTAssertEqual(try String(contentsOf: yours, encoding: .utf8), starter)
    }

    /// A crash and a hang in the reader's code while a conformance trace was running: the
    /// report names the scenario, the reader's line, and what a hang there usually is.
    func testACrashOrAHangNamesTheScenarioAndTheReadersLine() throws {
        let root = try Fixtures.buildableCopy(of: "followalong", for: self)
        XCTAssertEqual(try runWorkbook(["exercise", "01", "--root", root.path]).status, 0)
        let trace =
            #"[conformance] Counter: checking R9 serial-delivery, scenario 'concurrent sends'"#
        try """
        import Foundation

        public final class Counter {
            private var counts: [Int] = []
            public init() {}
            public var count: Int {
                trace()
                while true {}
            }
            public func increment() {
                trace()
                counts[5] = 1
            }
            private func trace() {
                FileHandle.standardError.write(Data("\(trace)\\n".utf8))
            }
        }

        """.write(to: root.appendingPathComponent(component), atomically: true, encoding: .utf8)
        let run = try runWorkbook(["test", "01", "--mine", "--timeout", "5", "--root", root.path])
        XCTAssertEqual(run.status, 1, run.standardOutput)
        XCTAssertTrue(
            run.standardOutput.contains(
                """
                crashed: Fatal error: Index out of range
                  in your code at Workbench/Chapter01/Counter.swift:12
                  while the conformance kit was checking R9 serial-delivery on Counter, scenario 'concurrent sends'
                """), run.standardOutput)
        XCTAssertTrue(
            run.standardOutput.contains(
                """
                timed out after 5 s; its process group was killed
                  the conformance kit was checking R9 serial-delivery on Counter, scenario 'concurrent sends': a test that hangs there usually has a lock held while calling out
                """), run.standardOutput)
    }

    func testHintsComeOneAtATimeFromTheChapter() throws {
        let root = try Fixtures.copy(of: "followalong", for: self)
        let first = try runWorkbook(["hint", "01", "--root", root.path])
        XCTAssertEqual(first.status, 0, first.standardError)
        XCTAssertEqual(
            first.standardOutput,
            "Hint 1: what to store  (1 of 2, Chapters/01-counter.md:22)\n\nKeep the count in a stored property.\n\n"
        )
        let second = try runWorkbook(["hint", "01", "--root", root.path])
        XCTAssertEqual(
            second.standardOutput,
            "Hint 2: adding one  (2 of 2, Chapters/01-counter.md:35)\n\n`increment()` adds one to it:\n\n```swift ignore\ncount += 1\n```\n\n"
        )
        let last = try runWorkbook(["hint", "01", "--root", root.path])
        XCTAssertTrue(last.standardOutput.hasPrefix("That was the last hint (2 of 2)."))
        let all = try runWorkbook(["hint", "01", "--all", "--root", root.path])
        XCTAssertEqual(all.standardOutput, first.standardOutput + second.standardOutput)
        _ = try runWorkbook(["hint", "01", "--reset", "--root", root.path])
        XCTAssertEqual(
            try runWorkbook(["hint", "01", "--root", root.path]).standardOutput,
            first.standardOutput)
        XCTAssertFalse(
            all.standardOutput.contains("Hint 99"), "a <details> in a code block is code")
    }

    func testAMalformedStarterIsAnErrorAtItsLine() throws {
        let root = try Fixtures.copy(of: "followalong", for: self)
        try "// Exercise: chapter 01.\n// Solution: Sources/Nowhere.swift\n".write(
            to: root.appendingPathComponent("Exercises/01/Counter.swift"), atomically: true,
            encoding: .utf8)
        let run = try runWorkbook(["exercise", "01", "--root", root.path])
        XCTAssertEqual(run.status, 1)
        XCTAssertTrue(
            run.standardError.contains(
                "Exercises/01/Counter.swift:2: error: no solution file 'Sources/Nowhere.swift'"),
            run.standardError)
        XCTAssertFalse(
            FileManager.default.fileExists(atPath: root.appendingPathComponent("Workbench").path))
    }

    /// watch reruns on a save of the reader's file, and Ctrl-C leaves no test running.
    func testWatchRerunsOnSaveAndStopsCleanly() throws {
        let root = try Fixtures.buildableCopy(of: "followalong", for: self)
        XCTAssertEqual(try runWorkbook(["exercise", "01", "--root", root.path]).status, 0)
        let process = Process()
        process.executableURL = productsDirectory.appendingPathComponent("workbook")
        process.arguments = ["watch", "01", "--mine", "--root", root.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        let collected = OutputCollector()
        output.fileHandleForReading.readabilityHandler = { collected.append($0.availableData) }
        try process.run()
        defer { if process.isRunning { process.terminate() } }

        // A save while the tests run (the build is done, so it cannot be in this run) must
        // start another run: the watcher is armed before the first run, not after it.
        XCTAssertTrue(collected.wait(forOccurrences: 1, of: "Build complete!", seconds: 240))
        let yours = root.appendingPathComponent(component)
        try """
        public final class Counter {
            public private(set) var count = 0
            public init() {}
            public func increment() { count += 1 }
        }

        """.write(to: yours, atomically: true, encoding: .utf8)
        XCTAssertTrue(
            collected.wait(forOccurrences: 1, of: "workbook watch: all passed", seconds: 120),
            collected.text)
        XCTAssertEqual(
            collected.text.components(separatedBy: "workbook watch: failures above").count - 1, 1,
            "the first run, built before the save, fails")

        // A save right after a verdict is seen too.
        try
            "public final class Counter {\n    public var count: Int { 7 }\n    public init() {}\n    public func increment() {}\n}\n"
            .write(to: yours, atomically: true, encoding: .utf8)
        XCTAssertTrue(
            collected.wait(forOccurrences: 2, of: "workbook watch: failures above", seconds: 120),
            collected.text)
        kill(process.processIdentifier, SIGINT)
        let deadline = Date().addingTimeInterval(20)
        while process.isRunning, Date() < deadline { usleep(50_000) }
        XCTAssertFalse(process.isRunning, "watch did not stop on Ctrl-C")
        output.fileHandleForReading.readabilityHandler = nil
    }
}

/// Output gathered from a pipe while a process runs.
private final class OutputCollector: Sendable {
    private let data = Mutex(Data())

    func append(_ chunk: Data) {
        data.withLock { $0.append(chunk) }
    }

    var text: String { data.withLock { String(decoding: $0, as: UTF8.self) } }

    /// Waits until `needle` occurs `count` times, or the time runs out.
    func wait(forOccurrences count: Int, of needle: String, seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if text.components(separatedBy: needle).count - 1 >= count { return true }
            usleep(50_000)
        }
        return false
    }
}
