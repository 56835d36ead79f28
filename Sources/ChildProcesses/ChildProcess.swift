import Dispatch
import Foundation
import Subprocess
import Synchronization

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

/// Runs a child in a session (and so a process group) of its own, with its standard output
/// and standard error read through one pipe into a bounded buffer (interleaved as written),
/// under an optional time limit after which the child, its group and every process it left
/// are killed.
///
/// Spawning and waiting are swift-subprocess's (`posix_spawn` with the platform's own
/// attribute types, a new session, signals reset to their defaults in the child). This type
/// adds what the workbook needs on top:
/// - the time limit, which kills the child itself as well as its group (a child may have
///   left its group), and every wait bounded;
/// - the output kept within ``OutputLimit`` (head and tail, the rest counted), read as it
///   comes, so a test that prints without end costs neither memory nor disk;
/// - killing whatever the child left running, in its group, its session or anywhere it
///   carries its mark (see ``StrayProcesses`` for what each platform can find);
/// - the Ctrl-C registry of ``ChildGroups``.
///
/// Callers are synchronous (a `DispatchQueue.concurrentPerform` worker, an XCTest method), so
/// `run` waits on a semaphore while the run goes on in a detached task: never call it from a
/// Swift concurrency task, whose thread it would block.
package enum ChildProcess {
    /// How a child ended.
    package struct Termination: Equatable, Sendable {
        /// What it wrote to standard output and standard error; if that was more than the
        /// limit, the start and the end with a line saying how much was omitted between.
        package var output: String
        /// Its exit status, when it exited.
        package var exitStatus: Int32?
        /// The signal that ended it, when one did.
        package var signal: Int32?
        /// Whether the time limit ran out and it was killed.
        package var timedOut: Bool
        /// The processes it left running that were found and killed with it (listed on
        /// Linux; on Darwin always empty, where only its group is killed: see
        /// ``StrayProcesses``).
        package var strays: [pid_t]

        /// Creates a termination.
        package init(
            output: String, exitStatus: Int32?, signal: Int32?, timedOut: Bool,
            strays: [pid_t] = []
        ) {
            self.output = output
            self.exitStatus = exitStatus
            self.signal = signal
            self.timedOut = timedOut
            self.strays = strays
        }
    }

    /// How much of a child's output is kept: the first and the last bytes.
    package struct OutputLimit: Sendable {
        /// Bytes kept from the start.
        package var head: Int
        /// Bytes kept from the end.
        package var tail: Int

        /// 2 MiB from each end: far more than a test or a build that fails tells, and a
        /// bound on the memory a runaway printer costs: at most 6 MiB per test running (the
        /// tail grows to twice its limit before it is trimmed, see ``BoundedOutput``), and
        /// the runner runs one test per core at a time.
        package static let standard = OutputLimit(head: 2 << 20, tail: 2 << 20)

        /// A limit keeping `head` bytes from the start and `tail` from the end.
        package init(head: Int, tail: Int) {
            self.head = head
            self.tail = tail
        }
    }

    /// Seconds past the time limit the runner waits for the killed child to be reaped
    /// before it stops waiting (a process in uninterruptible sleep ignores even `SIGKILL`).
    static let graceAfterKill = 10.0
    /// Seconds the runner reads what is left in the pipe after the child ended; a process
    /// it could not find may hold the pipe open for ever.
    static let drainAfterExit = 2.0

    /// Runs `arguments` (the first is a path, or a name looked up on the `PATH` of
    /// `environment`) with `environment` (plus, with a `timeout`, the child's mark,
    /// ``StrayProcesses/markKey``) and standard input from `/dev/null`. With `timeout`, the child and everything it
    /// started are killed once it has run that many seconds, and every wait is bounded;
    /// without, the run lasts as long as the child (a build). With `echo`, the output is also
    /// copied to this process's standard output as it comes. With `groups`, the child is
    /// registered there while it runs, so Ctrl-C kills it.
    package static func run(
        _ arguments: [String], environment: [String: String], timeout: Double? = nil,
        echo: Bool = false, groups: ChildGroups? = nil, outputLimit: OutputLimit = .standard
    ) throws -> Termination {
        guard let command = arguments.first else {
            throw ChildProcessError.cannotStart("", reason: "no command")
        }
        groups?.exitIfInterrupted()
        let (readEnd, writeEnd) = try makePipe()
        let collector = OutputCollector(
            reading: readEnd, headLimit: outputLimit.head, tailLimit: outputLimit.tail,
            echo: echo)
        collector.start()
        // Only a child with a time limit (a test) is marked: SwiftPM plans a build again
        // whenever its environment changes, so a fresh mark on every `swift build` would turn
        // a one-second no-op build into five or more.
        let mark = timeout == nil ? nil : StrayProcesses.newMark()
        var marked = environment
        marked[StrayProcesses.markKey] = StrayProcesses.adding(mark, to: environment)
        let started = StartedChild()
        let markedEnvironment = marked
        let supervised = waitFor(deadline: timeout.map { $0 + graceAfterKill }) {
            await supervise(
                arguments, environment: markedEnvironment, output: writeEnd,
                timeout: timeout, mark: mark, started: started, groups: groups)
        }
        var outcome =
            supervised
            ?? Outcome(
                signal: SIGKILL, timedOut: true,
                note: "the child did not end within \(Int(graceAfterKill)) s of being killed;"
                    + " stopped waiting for it")
        close(writeEnd)
        // Whatever the child left behind goes with it (after the time limit: again, for
        // what was started while it was being killed). The child itself only if it was
        // never reaped: a reaped child's id may already name another process.
        if let child = started.get() {
            let strays = StrayProcesses.killAll(
                child: child, includingChild: supervised == nil, mark: mark)
            outcome.strays.formUnion(strays)
            groups?.finished(child)
        }
        let output = collector.finish(within: drainAfterExit)
        groups?.exitIfInterrupted()
        if let failure = outcome.failure {
            throw ChildProcessError.cannotStart(command, reason: "\(failure)")
        }
        var text = output.text
        if let note = outcome.note {
            text += (text.isEmpty || text.hasSuffix("\n") ? "" : "\n") + "[workbook: \(note)]\n"
        }
        return Termination(
            output: text, exitStatus: outcome.exitStatus, signal: outcome.signal,
            timedOut: outcome.timedOut, strays: outcome.strays.sorted())
    }

    /// What `supervise` saw.
    private struct Outcome: Sendable {
        var exitStatus: Int32?
        var signal: Int32?
        var timedOut = false
        var failure: String?
        var note: String?
        var strays: Set<pid_t> = []
    }

    /// The first of the child's end and the time limit.
    private enum Event: Sendable {
        case ended(Result<TerminationStatus, any Error>)
        case timedOut
        case cancelled
    }

    private static func supervise(
        _ arguments: [String], environment: [String: String], output descriptor: Int32,
        timeout: Double?, mark: String?, started: StartedChild, groups: ChildGroups?
    ) async -> Outcome {
        var options = PlatformOptions()
        // A session of its own, whose id is the child's pid and also names its group. From
        // there the child cannot join the runner's group (that is only allowed within one
        // session), and what it starts stays in its session unless it calls setsid.
        options.createSession = true
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
        var outcome = Outcome()
        await withTaskGroup(of: Event.self) { tasks in
            tasks.addTask {
                do {
                    let result = try await Subprocess.run(
                        configuration, input: .none,
                        output: .fileDescriptor(file, closeAfterSpawningProcess: false),
                        error: .fileDescriptor(file, closeAfterSpawningProcess: false)
                    ) { execution in
                        let child = execution.processIdentifier.value
                        started.set(child)
                        groups?.started(child)
                    }
                    return .ended(.success(result.terminationStatus))
                } catch {
                    return .ended(.failure(error))
                }
            }
            if let timeout {
                tasks.addTask {
                    do {
                        try await Task.sleep(nanoseconds: UInt64(max(0, timeout) * 1e9))
                        return .timedOut
                    } catch {
                        return .cancelled
                    }
                }
            }
            while let event = await tasks.next() {
                switch event {
                case .ended(.success(.exited(let code))):
                    outcome.exitStatus = code
                case .ended(.success(.signaled(let code))):
                    outcome.signal = code
                case .ended(.failure(let error)):
                    outcome.failure = "\(error)"
                case .timedOut:
                    outcome.timedOut = true
                    // The child itself as well as its group: it may have left the group. The
                    // child is not reaped yet (its end is still awaited), so its id is its own.
                    if let child = started.get() {
                        outcome.strays.formUnion(
                            StrayProcesses.killAll(
                                child: child, includingChild: true, mark: mark))
                    }
                    continue
                case .cancelled:
                    continue
                }
                tasks.cancelAll()
                return
            }
        }
        if outcome.timedOut {
            outcome.failure = nil
            outcome.signal = SIGKILL
            outcome.exitStatus = nil
        }
        return outcome
    }

    /// Blocks this thread until `body`, run in a detached task, returns, or `deadline` seconds
    /// have passed (then `nil`).
    private static func waitFor<T: Sendable>(
        deadline: Double?, _ body: @escaping @Sendable () async -> T
    ) -> T? {
        let box = ResultBox<T>()
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            box.set(await body())
            done.signal()
        }
        if let deadline {
            guard done.wait(timeout: .now() + deadline) == .success else { return nil }
        } else {
            done.wait()
        }
        return box.get()
    }

    /// A pipe whose ends are not inherited by other children (the child gets the write end
    /// as its standard output and error through swift-subprocess).
    private static func makePipe() throws -> (read: Int32, write: Int32) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        return (ends[0], ends[1])
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

/// The pid of a started child, set once from the run's closure.
private final class StartedChild: Sendable {
    private let child = Mutex<pid_t?>(nil)

    func set(_ value: pid_t) { child.withLock { $0 = value } }
    func get() -> pid_t? { child.withLock { $0 } }
}

/// The result of a detached task, handed to the thread waiting for it.
private final class ResultBox<T: Sendable>: Sendable {
    private let result = Mutex<T?>(nil)

    func set(_ value: T) { result.withLock { $0 = value } }
    func get() -> T? { result.withLock { $0 } }
}
