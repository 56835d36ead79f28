import Dispatch
import Foundation
import Subprocess

#if canImport(System)
import System
#else
import SystemPackage
#endif

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs a child in a process group of its own, with its standard output and standard error
/// in one unlinked temporary file (interleaved as written; nothing is left in /tmp), under
/// an optional time limit after which the whole group is killed.
///
/// Spawning, waiting and the teardown are swift-subprocess's (`posix_spawn` with the
/// platform's own attribute types, a process-group id of 0, signals reset to their
/// defaults in the child, a `SIGKILL` to the group when the run is cancelled). This type
/// adds what the workbook needs on top: the time limit, the output file (so a test that
/// prints without end costs disk, never the runner's memory, and a crash message is read
/// whole), killing whatever the child left in its group, and the Ctrl-C registry of
/// ``ChildGroups``. Callers are synchronous (a `DispatchQueue.concurrentPerform` worker, an
/// XCTest method), so `run` waits on a semaphore while the run goes on in a detached task:
/// never call it from a Swift concurrency task, whose thread it would block.
package enum ChildProcess {
    /// How a child ended.
    package struct Termination: Equatable, Sendable {
        /// Everything it wrote to standard output and standard error.
        package var output: String
        /// Its exit status, when it exited.
        package var exitStatus: Int32?
        /// The signal that ended it, when one did.
        package var signal: Int32?
        /// Whether the time limit ran out and its group was killed.
        package var timedOut: Bool

        /// Creates a termination.
        package init(output: String, exitStatus: Int32?, signal: Int32?, timedOut: Bool) {
            self.output = output
            self.exitStatus = exitStatus
            self.signal = signal
            self.timedOut = timedOut
        }
    }

    /// Runs `arguments` (the first is a path, or a name looked up on the `PATH` of
    /// `environment`) with exactly `environment` and standard input from `/dev/null`.
    /// With `timeout`, the whole process group is killed once it has run that many
    /// seconds. With `echo`, the output is also copied to this process's standard output
    /// as it comes. With `groups`, the child is registered there while it runs, so Ctrl-C
    /// kills it.
    package static func run(
        _ arguments: [String], environment: [String: String], timeout: Double? = nil,
        echo: Bool = false, groups: ChildGroups? = nil
    ) throws -> Termination {
        guard let command = arguments.first else {
            throw ChildProcessError.cannotStart("", reason: "no command")
        }
        groups?.exitIfInterrupted()
        let descriptor = try unlinkedTemporaryFile()
        defer { close(descriptor) }
        let outcome = try waitFor {
            try await supervise(
                arguments, environment: environment, output: descriptor, timeout: timeout,
                echo: echo, groups: groups)
        }
        // Whatever the child left behind in its group (grandchildren) goes with it. The
        // group id stays reserved while any member lives, so this cannot hit another group.
        if let group = outcome.group {
            killpg(group, SIGKILL)
            groups?.finished(group)
        }
        groups?.exitIfInterrupted()
        if let failure = outcome.failure {
            throw ChildProcessError.cannotStart(command, reason: "\(failure)")
        }
        lseek(descriptor, 0, SEEK_SET)
        let data = FileHandle(fileDescriptor: descriptor, closeOnDealloc: false)
            .readDataToEndOfFile()
        return Termination(
            output: String(decoding: data, as: UTF8.self), exitStatus: outcome.exitStatus,
            signal: outcome.signal, timedOut: outcome.timedOut)
    }

    /// What `supervise` saw.
    private struct Outcome: Sendable {
        var group: pid_t?
        var exitStatus: Int32?
        var signal: Int32?
        var timedOut = false
        var failure: String?
    }

    /// The first of the child's end and the time limit.
    private enum Event: Sendable {
        case ended(TerminationStatus)
        case timedOut
        case echoed
    }

    private static func supervise(
        _ arguments: [String], environment: [String: String], output descriptor: Int32,
        timeout: Double?, echo: Bool, groups: ChildGroups?
    ) async throws -> Outcome {
        var options = PlatformOptions()
        options.processGroupID = 0  // a group of its own, whose id is the child's pid
        // On cancellation (the time limit), SIGKILL to the whole group; the final kill that
        // swift-subprocess always adds goes to the group too.
        options.teardownSequence = [
            .send(signal: .kill, toProcessGroup: true, allowedDurationToNextStep: .seconds(1))
        ]
        let command = arguments[0]
        let configuration = Configuration(
            executable: command.contains("/") ? .path(FilePath(command)) : .name(command),
            arguments: Arguments(Array(arguments.dropFirst())),
            environment: .custom(
                Dictionary(
                    uniqueKeysWithValues: environment.compactMap { key, value in
                        Environment.Key(rawValue: key).map { ($0, value) }
                    })),
            platformOptions: options)
        let file = FileDescriptor(rawValue: descriptor)
        let started = StartedGroup()
        var outcome = Outcome()
        do {
            try await withThrowingTaskGroup(of: Event.self) { tasks in
                tasks.addTask {
                    let result = try await Subprocess.run(
                        configuration, input: .none,
                        output: .fileDescriptor(file, closeAfterSpawningProcess: false),
                        error: .fileDescriptor(file, closeAfterSpawningProcess: false)
                    ) { execution in
                        let group = execution.processIdentifier.value
                        started.set(group)
                        groups?.started(group)
                    }
                    return .ended(result.terminationStatus)
                }
                if let timeout {
                    tasks.addTask {
                        try await Task.sleep(nanoseconds: UInt64(max(0, timeout) * 1e9))
                        return .timedOut
                    }
                }
                if echo {
                    tasks.addTask {
                        var copied: off_t = 0
                        while !Task.isCancelled {
                            copied = copyNewOutput(descriptor, from: copied)
                            try? await Task.sleep(nanoseconds: 20_000_000)
                        }
                        _ = copyNewOutput(descriptor, from: copied)
                        return .echoed
                    }
                }
                while let event = try await tasks.next() {
                    switch event {
                    case .ended(let status):
                        switch status {
                        case .exited(let code): outcome.exitStatus = code
                        case .signaled(let code):
                            outcome.signal = code
                        }
                        tasks.cancelAll()
                        return
                    case .timedOut:
                        outcome.timedOut = true
                        tasks.cancelAll()  // tears the group down; the run then ends
                    case .echoed:
                        break
                    }
                }
            }
        } catch is CancellationError where outcome.timedOut {
            // The cancelled run may end by throwing; the time limit is what happened.
        } catch {
            if !outcome.timedOut { outcome.failure = "\(error)" }
        }
        if outcome.timedOut {
            outcome.signal = SIGKILL
            outcome.exitStatus = nil
        }
        outcome.group = started.get()
        return outcome
    }

    /// Blocks this thread until `body`, run in a detached task, returns.
    private static func waitFor<T: Sendable>(
        _ body: @escaping @Sendable () async throws -> T
    ) throws -> T {
        let box = ResultBox<T>()
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            do {
                box.set(.success(try await body()))
            } catch {
                box.set(.failure(error))
            }
            done.signal()
        }
        done.wait()
        return try box.get().get()
    }

    private static func unlinkedTemporaryFile() throws -> Int32 {
        var template = Array((NSTemporaryDirectory() + "/workbook-run-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        return descriptor
    }

    /// Copies what was written to `descriptor` past `offset` to standard output.
    private static func copyNewOutput(_ descriptor: Int32, from offset: off_t) -> off_t {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var position = offset
        while true {
            let count = buffer.withUnsafeMutableBytes {
                pread(descriptor, $0.baseAddress, $0.count, position)
            }
            guard count > 0 else { return position }
            buffer.withUnsafeBytes { _ = write(1, $0.baseAddress, count) }
            position += off_t(count)
        }
    }
}

/// A child could not be started (no such program, no permission).
package enum ChildProcessError: Error, CustomStringConvertible {
    /// The command, and why it did not start.
    case cannotStart(String, reason: String)

    /// The command and the reason, as one line.
    package var description: String {
        switch self {
        case .cannotStart(let command, let reason): "cannot run \(command): \(reason)"
        }
    }
}

/// The process group of a started child, set once from the run's closure.
private final class StartedGroup: @unchecked Sendable {
    private let lock = NSLock()
    private var group: pid_t?

    func set(_ value: pid_t) { lock.withLock { group = value } }
    func get() -> pid_t? { lock.withLock { group } }
}

/// The result of a detached task, handed to the thread waiting for it.
private final class ResultBox<T: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var result: Result<T, any Error>?

    func set(_ value: Result<T, any Error>) { lock.withLock { result = value } }
    func get() -> Result<T, any Error> { lock.withLock { result! } }
}
