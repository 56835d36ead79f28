import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// How a child process ended, and everything it wrote to stdout and stderr.
struct ChildResult {
    let output: String
    /// The signal that killed it, if one did.
    let signal: Int32?
    /// The exit status, when it exited normally.
    let status: Int32?
}

/// Starts a child with `posix_spawn` and reaps it with `waitpid`. Foundation's `Process`
/// is not used: under the sanitizers it sometimes missed the child's exit and hung the
/// test run with the child left a zombie.
enum ChildProcess {
    static func run(_ path: String, arguments: [String], environment: [String: String])
        -> ChildResult?
    {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { return nil }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
        posix_spawn_file_actions_adddup2(&actions, fds[1], 2)
        posix_spawn_file_actions_addclose(&actions, fds[0])
        posix_spawn_file_actions_addclose(&actions, fds[1])

        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, path, &actions, nil, argv, envp)
        close(fds[1])
        guard spawned == 0 else {
            close(fds[0])
            return nil
        }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 4_096)
        while true {
            let count = read(fds[0], &buffer, buffer.count)
            if count > 0 {
                data.append(contentsOf: buffer[0..<count])
            } else if count == 0 || errno != EINTR {
                break
            }
        }
        close(fds[0])
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        let signal = status & 0x7f
        let output = String(decoding: data, as: UTF8.self)
        if signal != 0 && signal != 0x7f {
            return ChildResult(output: output, signal: signal, status: nil)
        }
        return ChildResult(output: output, signal: nil, status: (status >> 8) & 0xff)
    }
}
