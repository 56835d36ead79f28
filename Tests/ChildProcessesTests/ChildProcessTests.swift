import ChildProcesses
import Foundation
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

    func testTheTimeLimitKillsTheWholeGroup() throws {
        let start = Date()
        // The shell starts a grandchild and prints its pid, then both sleep.
        let result = try ChildProcess.run(
            ["sh", "-c", "sleep 300 & echo $!; sleep 300"], environment: environment,
            timeout: 1)
        XCTAssertTrue(result.timedOut)
        XCTAssertEqual(result.signal, SIGKILL)
        XCTAssertLessThan(Date().timeIntervalSince(start), 10)
        let grandchild = try XCTUnwrap(pid_t(result.output.trimmingCharacters(in: .newlines)))
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

    func testRunsTwoAtATimeFromSynchronousWorkers() throws {
        let starts = Date()
        let environment = environment
        DispatchQueue.concurrentPerform(iterations: 2) { _ in
            _ = try? ChildProcess.run(["sleep", "1"], environment: environment)
        }
        // Two one-second children side by side take about one second, not two.
        XCTAssertLessThan(Date().timeIntervalSince(starts), 1.9)
    }
}
