import Foundation
import XCTest

/// `workbook test` against tests that fight the runner as processes (issue 20, items 7, 8,
/// 9): one prints without end, one starts processes with Foundation's `Process` and through
/// `setsid`, one moves itself into the runner's process group; each then runs into the time
/// limit. The run must end, report each as timed out, run the test after each, and leave
/// nothing running. Built once, in a temporary workbook beside the `runner` fixture's
/// manifest.
final class AdversarialProcessTests: XCTestCase {
    /// Durations no other process on the machine sleeps for, to find the strays by.
    private let processSleep = "3601"
    private let setsidSleep = "3602"

    func testHostileTestsAreKilledAndTheRunEnds() throws {
        let root = try workbook()
        let output = root.appendingPathComponent("run.out")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        let process = Process()
        process.executableURL = productsDirectory.appendingPathComponent("workbook")
        process.arguments = ["test", "--root", root.path, "--timeout", "5"]
        var environment = ProcessInfo.processInfo.environment
        environment["WORKBOOK_COMBINE"] = nil
        process.environment = environment
        let handle = try FileHandle(forWritingTo: output)
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        // The build takes a minute or two; the run itself 3 x 5 s plus the tests after.
        let deadline = Date().addingTimeInterval(300)
        while process.isRunning && Date() < deadline { usleep(100_000) }
        let stillRunning = process.isRunning
        if stillRunning { kill(process.processIdentifier, SIGKILL) }
        let strays = processes(sleeping: [processSleep, setsidSleep])
        for pid in strays { kill(pid, SIGKILL) }  // never leave one behind
        let out = try String(contentsOf: output, encoding: .utf8)

        XCTAssertFalse(stillRunning, "the runner was still waiting after 300 s:\n" + out)
        XCTAssertEqual(strays, [], "processes the tests started outlived the run:\n" + out)
        for (chapter, line, name) in [
            ("01-printer", 4, "testPrintsForever"), ("02-escapes", 4, "testStartsProcesses"),
            ("03-joins", 4, "testJoinsTheRunnersGroup"),
        ] {
            XCTAssertTrue(
                out.contains("Chapters/\(chapter).md:\(line): \(name): timed out after 5 s"),
                "\(name) was not reported as timed out:\n" + out)
        }
        XCTAssertTrue(out.contains("3 passed, 3 failed, 0 skipped"), out)
    }

    /// A buildable workbook of three chapters, each a hostile test then a passing one.
    private func workbook() throws -> URL {
        let after = "\n```swift test\nfunc testAfter() {\n    XCTAssertEqual(1 + 1, 2)\n}\n```\n"
        let chapters = [
            "01-printer.md": """
            # A printer

            ```swift test
            func testPrintsForever() {
                var count = 0
                while true {
                    count += 1
                    print("value \\(count): the subscriber echoes what it received")
                }
            }
            ```

            """,
            "02-escapes.md": """
            # Escapes

            ```swift test
            func testStartsProcesses() throws {
                let own = Process()
                own.executableURL = URL(fileURLWithPath: "/bin/sleep")
                own.arguments = ["\(processSleep)"]
                try own.run()
                let detached = Process()
                detached.executableURL = URL(fileURLWithPath: "/bin/sh")
                detached.arguments = ["-c", "setsid sleep \(setsidSleep) &"]
                try detached.run()
                while true { usleep(1_000) }
            }
            ```

            """,
            "03-joins.md": """
            # Joins

            ```swift test
            func testJoinsTheRunnersGroup() {
                _ = setpgid(0, getpgid(getppid()))
                while true { usleep(1_000) }
            }
            ```

            """,
        ]
        var files: [String: Data] = [:]
        for (name, text) in chapters { files["Chapters/\(name)"] = Data((text + after).utf8) }
        let fixture = Fixtures.workbook("runner")
        files["Package.swift"] = try Data(
            contentsOf: fixture.appendingPathComponent("Package.swift"))
        files["Sources/CustomCombine/Counter.swift"] = try Data(
            contentsOf: fixture.appendingPathComponent("Sources/CustomCombine/Counter.swift"))
        let root = try Fixtures.temporaryWorkbook(files, for: self)
        for module in ["WorkbookRuntime", "OutputMatching", "WorkbookContract"] {
            try FileManager.default.copyItem(
                at: Fixtures.repository.appendingPathComponent("Sources/\(module)"),
                to: root.appendingPathComponent("Sources/\(module)"))
        }
        return root
    }

    /// Live processes whose command line is `sleep` with one of `durations`.
    private func processes(sleeping durations: [String]) -> [pid_t] {
        #if os(Linux)
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { name -> pid_t? in
            guard let pid = pid_t(name),
                let data = FileManager.default.contents(atPath: "/proc/\(name)/cmdline"),
                let stat = try? String(contentsOfFile: "/proc/\(name)/stat", encoding: .utf8),
                !stat.contains(") Z ")
            else { return nil }
            let arguments = data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            guard arguments.count == 2, arguments[0].hasSuffix("sleep"),
                durations.contains(arguments[1])
            else { return nil }
            return pid
        }.sorted()
        #else
        return []  // found through /proc only; on Darwin this check is not made
        #endif
    }
}
