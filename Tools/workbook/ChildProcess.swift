import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs a child in a process group of its own, with its output in an unlinked temporary
/// file (nothing is left in /tmp), under an optional time limit after which the whole
/// group is killed. Live groups are registered so that Ctrl-C kills them too.
enum ChildProcess {
    /// How a child ended.
    struct Termination {
        var output: String
        var exitStatus: Int32?
        var signal: Int32?
        var timedOut: Bool
    }

    /// Runs `arguments` (the first found on `PATH`); echoes its output as it
    /// comes when `echo` is set.
    static func run(
        _ arguments: [String], environment: [String: String],
        timeout: Double? = nil, echo: Bool = false
    ) throws -> Termination {
        let descriptor = try unlinkedTemporaryFile()
        defer { close(descriptor) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, descriptor, 1)
        posix_spawn_file_actions_adddup2(&actions, descriptor, 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGINT)
        sigaddset(&defaults, SIGTERM)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(
            &attributes,
            Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let spawned = ChildGroups.shared.spawning {
            posix_spawnp(&pid, arguments[0], &actions, &attributes, argv, envp) == 0 ? pid : nil
        }
        guard spawned else {
            throw CocoaError(
                .executableLoad, userInfo: [NSLocalizedDescriptionKey: "cannot run \(arguments[0])"]
            )
        }

        let deadline = timeout.map { Date().addingTimeInterval($0) }
        var status: Int32 = 0
        var timedOut = false
        var echoed: off_t = 0
        while waitpid(pid, &status, WNOHANG) == 0 {
            ChildGroups.shared.exitIfInterrupted()
            if echo { echoed = copyNewOutput(descriptor, from: echoed) }
            if let deadline, Date() >= deadline {
                timedOut = true
                killpg(pid, SIGKILL)
                waitpid(pid, &status, 0)
                break
            }
            usleep(echo ? 20_000 : 2_000)
        }
        // Whatever the child left behind in its group (threads are gone; grandchildren
        // are not) goes with it.
        killpg(pid, SIGKILL)
        ChildGroups.shared.finished(pid)
        if echo { _ = copyNewOutput(descriptor, from: echoed) }

        lseek(descriptor, 0, SEEK_SET)
        let output = FileHandle(fileDescriptor: descriptor, closeOnDealloc: false)
            .readDataToEndOfFile()
        let signal = status & 0x7f
        return Termination(
            output: String(decoding: output, as: UTF8.self),
            exitStatus: signal == 0 ? (status >> 8) & 0xff : nil,
            signal: signal == 0 ? nil : signal,
            timedOut: timedOut)
    }

    private static func unlinkedTemporaryFile() throws -> Int32 {
        var template = Array((NSTemporaryDirectory() + "/workbook-run-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        return descriptor
    }

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

/// The process groups of the children now running, killed when `workbook` is interrupted.
///
/// The signal handler only kills what is registered and raises a flag; every wait loop and
/// every spawn checks the flag and, under the same lock that spawns and registers, kills
/// every group and exits. So a child spawned while the signal arrives is killed too.
final class ChildGroups: @unchecked Sendable {
    static let shared = ChildGroups()
    private static let capacity = 256
    /// Slot 0 holds the signal received (0 if none); the others a group id or 0. Read by
    /// the signal handler without the lock.
    nonisolated(unsafe) private static let slots: UnsafeMutablePointer<pid_t> = {
        let slots = UnsafeMutablePointer<pid_t>.allocate(capacity: capacity + 1)
        slots.initialize(repeating: 0, count: capacity + 1)
        return slots
    }()
    private let lock = NSLock()

    private init() {
        _ = Self.slots
        signal(SIGINT, ChildGroups.interrupted)
        signal(SIGTERM, ChildGroups.interrupted)
    }

    /// Spawns under the lock and records the group, so no child escapes an interrupt.
    func spawning(_ spawn: () -> pid_t?) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        killAllAndExitIfInterrupted()
        guard let pid = spawn() else { return false }
        for index in 1...Self.capacity where Self.slots[index] == 0 {
            Self.slots[index] = pid
            break
        }
        return true
    }

    /// Forgets a group that has been reaped.
    func finished(_ pid: pid_t) {
        lock.lock()
        defer { lock.unlock() }
        for index in 1...Self.capacity where Self.slots[index] == pid {
            Self.slots[index] = 0
        }
    }

    /// After Ctrl-C: kills every registered group and exits.
    func exitIfInterrupted() {
        guard Self.slots[0] != 0 else { return }
        lock.lock()
        killAllAndExitIfInterrupted()
        lock.unlock()
    }

    private func killAllAndExitIfInterrupted() {
        guard Self.slots[0] != 0 else { return }
        for index in 1...Self.capacity where Self.slots[index] != 0 {
            killpg(Self.slots[index], SIGKILL)
        }
        _exit(128 + Self.slots[0])
    }

    private static let interrupted: @convention(c) (Int32) -> Void = { signalNumber in
        for index in 1...capacity where slots[index] != 0 {
            killpg(slots[index], SIGKILL)
        }
        slots[0] = signalNumber
    }
}
