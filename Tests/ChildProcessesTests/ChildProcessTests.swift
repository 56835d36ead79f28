import ChildProcesses
import Foundation
import Synchronization
import XCTest

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The guarantees the runner and the conformance kit's probe rely on, each seen on a real
/// child: output captured from both streams, exit status and signal told apart, the time
/// limit killing the whole process group (grandchildren included), and nothing left in the
/// group after a normal exit. What a hostile child tries is in ``AdversarialChildTests``.
final class ChildProcessTests: XCTestCase {
    private let environment = ProcessInfo.processInfo.environment

    func testCapturesBothStreamsInOrderAndTheExitStatus() throws {
        let result = try ChildProcess.run(
            ["sh", "-c", "echo out; echo err >&2; echo again; exit 3"], environment: environment)
        XCTAssertEqual(result.output, "out\nerr\nagain\n")
        XCTAssertEqual(result.exitStatus, 3)
        XCTAssertNil(result.signal)
        XCTAssertFalse(result.timedOut)
    }

    func testPassesExactlyTheEnvironmentGiven() throws {
        let result = try ChildProcess.run(
            ["/bin/sh", "-c", "echo \"[$ONLY_HERE][$HOME]\""],
            environment: ["ONLY_HERE": "yes", "PATH": "/usr/bin:/bin"])
        XCTAssertEqual(result.output, "[yes][]\n")
    }

    func testAChildKilledByASignalReportsTheSignal() throws {
        let result = try ChildProcess.run(["sh", "-c", "kill -SEGV $$"], environment: environment)
        XCTAssertEqual(result.signal, SIGSEGV)
        XCTAssertNil(result.exitStatus)
        XCTAssertFalse(result.timedOut)
    }

    /// The run cannot hang (it stops waiting ``ChildProcess/graceAfterKill`` seconds after the
    /// limit and says so in the output), so what is checked is the event, not the time: the
    /// child was killed at the limit and seen to end, and its grandchild is gone.
    func testTheTimeLimitKillsTheWholeGroup() throws {
        // The shell starts a grandchild and prints its pid, then both sleep.
        let result = try ChildProcess.run(
            ["sh", "-c", "sleep 300 & echo $!; sleep 300"], environment: environment,
            timeout: 1)
        XCTAssertTrue(result.timedOut)
        XCTAssertEqual(result.signal, SIGKILL)
        let lines = result.output.split(separator: "\n")
        XCTAssertEqual(
            lines.count, 1,
            "the runner gave up waiting instead of seeing the child killed: \(lines)")
        let grandchild = try XCTUnwrap(lines.first.flatMap { pid_t($0) })
        XCTAssertTrue(eventuallyGone(grandchild), "the grandchild outlived the time limit")
    }

    func testNothingIsLeftInTheGroupAfterANormalExit() throws {
        let result = try ChildProcess.run(
            ["sh", "-c", "sleep 300 & echo $!"], environment: environment, timeout: 30)
        XCTAssertEqual(result.exitStatus, 0)
        let grandchild = try XCTUnwrap(pid_t(result.output.trimmingCharacters(in: .newlines)))
        XCTAssertTrue(eventuallyGone(grandchild), "a grandchild outlived its parent's run")
    }

    func testAProgramThatCannotStartIsAnError() {
        XCTAssertThrowsError(
            try ChildProcess.run(["/no/such/program"], environment: environment)
        ) { error in
            XCTAssertTrue("\(error)".contains("cannot run /no/such/program"), "\(error)")
        }
    }

    /// Two children run side by side from synchronous workers: each waits for the other
    /// through a named pipe (a writer blocks until a reader opens it), so run one after the
    /// other the first would wait for ever and be killed at its limit.
    func testRunsSideBySideFromSynchronousWorkers() throws {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("side-by-side-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let pipe = folder.appendingPathComponent("meeting").path
        XCTAssertEqual(mkfifo(pipe, 0o600), 0)
        let environment = environment
        let commands = [["sh", "-c", "echo met > \"$0\"", pipe], ["cat", pipe]]
        let results = Results(count: 2)
        DispatchQueue.concurrentPerform(iterations: 2) { index in
            results.set(
                index, try? ChildProcess.run(commands[index], environment: environment, timeout: 60)
            )
        }
        for (index, result) in results.all.enumerated() {
            XCTAssertEqual(result?.timedOut, false, "child \(index) waited for the other in vain")
            XCTAssertEqual(result?.exitStatus, 0, "child \(index)")
        }
        XCTAssertEqual(results.all[1]?.output, "met\n")
    }
}

/// What concurrently run children ended with, by index.
private final class Results: Sendable {
    private let slots: Mutex<[ChildProcess.Termination?]>

    init(count: Int) {
        slots = Mutex(Array(repeating: nil, count: count))
    }

    func set(_ index: Int, _ value: ChildProcess.Termination?) {
        slots.withLock { $0[index] = value }
    }

    var all: [ChildProcess.Termination?] { slots.withLock { $0 } }
}
