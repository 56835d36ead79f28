import ChildProcesses
import Foundation
import Synchronization
import XCTest

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A learner's test that fights the runner: it leaves the group it was put in, prints without
/// end, or starts processes of its own in other groups and sessions. Each case is run on a
/// real child; each must end within a bound, cost bounded memory, and leave nothing behind.
final class AdversarialChildTests: XCTestCase {
    private let environment = ProcessInfo.processInfo.environment

    /// Issue 20, item 7: a child that moved itself into the runner's own process group (legal
    /// within one session) escapes a kill aimed at its original group; the runner must still
    /// kill it at the time limit and return.
    func testAChildThatJoinsTheRunnersGroupIsStillKilled() throws {
        let pidFile = temporaryPath("pid")
        let script = """
            open(F, ">", $ENV{PID_FILE}); print F $$; close(F);
            setpgrp(0, getpgrp(getppid()));
            sleep 300;
            """
        var env = environment
        env["PID_FILE"] = pidFile
        let result = runBounded(["perl", "-e", script], environment: env, timeout: 1, pidFile)
        let finished = try XCTUnwrap(result, "the runner was still waiting 20 s after the limit")
        XCTAssertTrue(finished.timedOut)
        let child = try XCTUnwrap(readPid(pidFile))
        XCTAssertTrue(eventuallyGone(child), "the child outlived the time limit")
    }

    /// Issue 20, item 8: an endless printer costs bounded memory and disk, is stopped at the
    /// time limit, and what was dropped is counted where it was dropped. Bytes are dropped
    /// only if they were read as they came: a reader that waited would have left the printer
    /// blocked on a full pipe, with nothing to omit.
    func testAnEndlessPrinterIsBoundedAndStoppedAtTheTimeLimit() throws {
        let result = try ChildProcess.run(
            ["sh", "-c", "echo first; yes 0123456789abcdef"], environment: environment,
            timeout: 3)
        XCTAssertTrue(result.timedOut)
        XCTAssertLessThan(result.output.utf8.count, 16 << 20, "the whole output was kept")
        XCTAssertTrue(result.output.hasPrefix("first\n0123456789abcdef\n"))
        XCTAssertTrue(result.output.hasSuffix("0123456789abcdef") || result.output.hasSuffix("\n"))
        let marker = try XCTUnwrap(
            result.output.split(separator: "\n").first { $0.contains("omitted") },
            "no line says what was omitted")
        XCTAssertTrue(marker.contains("bytes") && marker.contains("lines"), String(marker))
    }

    /// Output under the limit is kept whole, with no marker.
    func testOutputUnderTheLimitIsKeptWhole() throws {
        let result = try ChildProcess.run(
            ["sh", "-c", "seq 1 20000"], environment: environment, timeout: 30)
        XCTAssertEqual(result.output, (1...20000).map { "\($0)\n" }.joined())
    }

    /// A run without a time limit (the build) is not marked: SwiftPM plans a build again
    /// whenever its environment changes. A run with one (a test) is.
    func testOnlyARunWithATimeLimitIsMarked() throws {
        let command = ["sh", "-c", "echo ${WORKBOOK_CHILD_MARK-unmarked}"]
        XCTAssertEqual(try ChildProcess.run(command, environment: environment).output, "unmarked\n")
        let marked = try ChildProcess.run(command, environment: environment, timeout: 30).output
        XCTAssertTrue(marked.hasPrefix("\(getpid())-"), marked)
        // A runner started by a runner keeps the outer mark, so the outer one still finds
        // what the inner one started.
        var nested = environment
        nested["WORKBOOK_CHILD_MARK"] = "1-1"
        let both = try ChildProcess.run(command, environment: nested, timeout: 30).output
        XCTAssertTrue(both.hasPrefix("1-1 \(getpid())-"), both)
    }

    /// Issue 20, item 9: at the time limit, processes the child started in a group or a
    /// session of their own are killed too.
    func testTheTimeLimitKillsWhatTheChildStartedElsewhere() throws {
        try skipUnlessStraysAreListed()
        let result = try ChildProcess.run(
            [
                "sh", "-c",
                "perl -e 'use POSIX; POSIX::setsid(); exec \"sleep\", 300' & echo $!; perl -e 'setpgrp(0, 0); exec \"sleep\", 300' & echo $!;"
                    + " sleep 300",
            ], environment: environment, timeout: 1)
        XCTAssertTrue(result.timedOut)
        let strays = result.output.split(separator: "\n").compactMap { pid_t($0) }
        XCTAssertEqual(strays.count, 2, result.output)
        #if os(Linux)
        XCTAssertTrue(Set(strays).isSubset(of: result.strays), "\(result.strays)")
        #endif
        for stray in strays {
            XCTAssertTrue(eventuallyGone(stray), "process \(stray) outlived the time limit")
        }
    }

    /// Issue 20, item 9: a process the child left running in a session of its own when it
    /// exited is killed too.
    func testWhatTheChildLeftInASessionOfItsOwnIsKilledWhenItExits() throws {
        try skipUnlessStraysAreListed()
        let result = try ChildProcess.run(
            ["sh", "-c", "perl -e 'use POSIX; POSIX::setsid(); exec \"sleep\", 300' & echo $!"],
            environment: environment, timeout: 30)
        XCTAssertEqual(result.exitStatus, 0)
        let stray = try XCTUnwrap(pid_t(result.output.trimmingCharacters(in: .newlines)))
        XCTAssertTrue(eventuallyGone(stray), "a process in its own session outlived the run")
    }

    /// Issue 20, item 9: a child started with Foundation's `Process` (a test's own code) is
    /// killed with the test at the time limit.
    func testAFoundationProcessStartedByTheTestIsKilled() throws {
        try skipUnlessStraysAreListed()
        try XCTSkipUnless(
            environment["CHILD_PROCESS_HELPER"] == nil, "this is the helper's own run")
        let arguments = try XCTUnwrap(
            XCTestInvocation.rerunning(
                "ChildProcessesTests.AdversarialChildTests/testHelperStartsAFoundationProcess"))
        var env = environment
        env["CHILD_PROCESS_HELPER"] = "1"
        let result = try ChildProcess.run(arguments, environment: env, timeout: 8)
        XCTAssertTrue(result.timedOut, result.output)
        let line = try XCTUnwrap(
            result.output.split(separator: "\n").first { $0.hasPrefix("started ") },
            result.output)
        let stray = try XCTUnwrap(pid_t(line.dropFirst("started ".count)))
        XCTAssertTrue(eventuallyGone(stray), "the test's Process child outlived the time limit")
    }

    /// Run only as the helper of the test above: starts `sleep` with Foundation's `Process`,
    /// says its pid, and waits for the time limit.
    func testHelperStartsAFoundationProcess() throws {
        try XCTSkipIf(environment["CHILD_PROCESS_HELPER"] == nil, "run only as a helper")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sleep")
        process.arguments = ["300"]
        try process.run()
        FileHandle.standardOutput.write(Data("started \(process.processIdentifier)\n".utf8))
        sleep(300)
    }

    /// Issue 20, item 9: on Ctrl-C the runner kills what its children started in sessions of
    /// their own before it exits. The runner here is a helper process (below) that runs a
    /// child through ``ChildGroups/shared``; it is started with Foundation's `Process`, so
    /// no sweep of this process's own can hide a failure of the helper's.
    func testCtrlCKillsWhatTheChildStartedInASessionOfItsOwn() throws {
        try skipUnlessStraysAreListed()
        try XCTSkipUnless(
            environment["CHILD_PROCESS_HELPER"] == nil, "this is the helper's own run")
        let arguments = try XCTUnwrap(
            XCTestInvocation.rerunning(
                "ChildProcessesTests.AdversarialChildTests/testHelperRunsAChildUntilInterrupted"))
        let pidFile = temporaryPath("stray")
        let helper = Process()
        helper.executableURL = URL(fileURLWithPath: arguments[0])
        helper.arguments = Array(arguments.dropFirst())
        helper.environment = environment.merging(
            ["CHILD_PROCESS_HELPER": "1", "PID_FILE": pidFile]) { $1 }
        helper.standardOutput = FileHandle.nullDevice
        try helper.run()
        var stray: pid_t?
        let deadline = Date().addingTimeInterval(30)
        while stray == nil && Date() < deadline {
            stray = readPid(pidFile)
            usleep(50_000)
        }
        let started = try XCTUnwrap(stray, "the helper's child never started its stray")
        kill(helper.processIdentifier, SIGINT)
        let exited = Date().addingTimeInterval(20)
        while helper.isRunning && Date() < exited { usleep(50_000) }
        XCTAssertFalse(helper.isRunning, "the interrupted helper did not exit")
        if helper.isRunning { kill(helper.processIdentifier, SIGKILL) }
        XCTAssertEqual(helper.terminationStatus, 128 + SIGINT)
        XCTAssertTrue(eventuallyGone(started), "Ctrl-C left the stray running")
    }

    /// Run only as the helper of the test above: a runner with Ctrl-C handling whose child
    /// starts a process in a session of its own and waits.
    func testHelperRunsAChildUntilInterrupted() throws {
        try XCTSkipIf(environment["CHILD_PROCESS_HELPER"] == nil, "run only as a helper")
        _ = try ChildProcess.run(
            [
                "sh", "-c",
                "perl -e 'use POSIX; POSIX::setsid(); exec \"sleep\", 300' & echo $! > \"$PID_FILE.tmp\"; mv \"$PID_FILE.tmp\" \"$PID_FILE\"; sleep 300",
            ],
            environment: environment, timeout: 60, groups: .shared)
    }

    // MARK: - Helpers

    /// Runs `arguments` on another thread and gives up waiting 20 s after the limit (killing
    /// the pid written to `pidFile`, so a failing run does not hang the suite).
    private func runBounded(
        _ arguments: [String], environment: [String: String], timeout: Double,
        _ pidFile: String
    ) -> ChildProcess.Termination? {
        let done = DispatchSemaphore(value: 0)
        let box = TerminationBox()
        Thread.detachNewThread {
            box.value = try? ChildProcess.run(arguments, environment: environment, timeout: timeout)
            done.signal()
        }
        if done.wait(timeout: .now() + timeout + 20) == .timedOut {
            if let pid = readPid(pidFile) { kill(pid, SIGKILL) }
            _ = done.wait(timeout: .now() + 10)
            return nil
        }
        return box.value
    }

    private func temporaryPath(_ name: String) -> String {
        NSTemporaryDirectory() + "/adversarial-\(UUID().uuidString)-\(name)"
    }

    private func readPid(_ path: String) -> pid_t? {
        (try? String(contentsOfFile: path, encoding: .utf8)).flatMap {
            pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines))
        }
    }
}

/// A termination handed from the thread that waited for it.
private final class TerminationBox: Sendable {
    private let stored = Mutex<ChildProcess.Termination?>(nil)
    var value: ChildProcess.Termination? {
        get { stored.withLock { $0 } }
        set { stored.withLock { $0 = newValue } }
    }
}
