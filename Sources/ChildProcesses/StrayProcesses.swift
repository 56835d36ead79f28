import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds and kills what a child left running: its session and process group (each child is
/// started in a session of its own, so its id names both), every descendant of those, and
/// every process whose environment carries the child's mark (``markKey``), which a test's
/// processes inherit even after leaving the session (`setsid`) or being orphaned.
///
/// - Linux: all of the above, read from `/proc`, in rounds until a round finds nothing new
///   (a process forking while it is being killed is found in the next round). A process
///   that left the session, was orphaned *and* dropped its environment is not found.
/// - Darwin (not run: nothing here was run on a Mac): only the child and its group, the
///   primitives `kill` and `killpg` reach; processes a test moved to another group or
///   session are not found there. `/proc` does not exist on Darwin and reading another
///   process's table entry or environment takes `sysctl` calls this project has not tested.
enum StrayProcesses {
    /// The environment variable that marks a child and everything it starts.
    static let markKey = "WORKBOOK_CHILD_MARK"

    /// A mark unique to one run of one child of this process: `<runner pid>-<n>`.
    static func newMark() -> String {
        "\(getpid())-\(counter.next())"
    }

    /// The value of ``markKey`` for a child: `mark` after the marks the environment already
    /// carries (a runner started by a runner), so that each runner still finds what it
    /// started; unchanged without `mark`.
    static func adding(_ mark: String?, to environment: [String: String]) -> String? {
        guard let mark else { return environment[markKey] }
        return [environment[markKey], mark].compactMap { $0 }.joined(separator: " ")
    }

    /// What every mark of this process's children falls under (for Ctrl-C): `<runner pid>`.
    static var everyMarkOfThisProcess: String { "\(getpid())" }

    /// Kills the group of `child` (a session leader, so its id is also its group's and its
    /// session's) and, where the platform can list processes, everything it left; with
    /// `includingChild`, the child itself too (only while it is unreaped: afterwards its id
    /// may name another process). Returns the other ids it killed. Processes carrying `mark`
    /// or a mark under it (`mark-…`) are killed: the child's run's own mark, or the runner's
    /// pid for every run; `nil` for an unmarked child.
    @discardableResult
    static func killAll(child: pid_t, includingChild: Bool, mark: String?) -> [pid_t] {
        if includingChild { kill(child, SIGKILL) }
        killpg(child, SIGKILL)
        #if os(Linux)
        return killListed(child: child, mark: mark)
        #else
        return []
        #endif
    }

    #if os(Linux)
    /// One process as `/proc/<pid>/stat` tells it.
    private struct Entry {
        var pid: pid_t
        var parent: pid_t
        var group: pid_t
        var session: pid_t
        var isZombie: Bool
    }

    private static func killListed(child: pid_t, mark: String?) -> [pid_t] {
        let me = getpid()
        var killed: Set<pid_t> = []
        for _ in 0..<20 {
            let entries = listProcesses().filter { $0.pid != me && $0.pid != child }
            var found = Set(
                entries.filter { entry in
                    guard entry.session != child, entry.group != child else { return true }
                    guard let mark else { return false }
                    return carries(mark, pid: entry.pid)
                }.map(\.pid))
            var grew = true
            while grew {  // and every descendant of what was found
                let more = entries.filter { !found.contains($0.pid) && found.contains($0.parent) }
                grew = !more.isEmpty
                found.formUnion(more.map(\.pid))
            }
            let living = entries.filter { found.contains($0.pid) && !$0.isZombie }.map(\.pid)
            guard !living.isEmpty else { break }
            for pid in living { _ = kill(pid, SIGKILL) }
            killed.formUnion(living)
        }
        return killed.sorted()
    }

    private static func listProcesses() -> [Entry] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return names.compactMap { name -> Entry? in
            guard let pid = pid_t(name),
                let data = FileManager.default.contents(atPath: "/proc/\(name)/stat")
            else { return nil }
            // "pid (command) state ppid pgrp session ...": the command may hold spaces and
            // parentheses, so the fields start after the last ')'.
            let stat = String(decoding: data, as: UTF8.self)
            guard let close = stat.lastIndex(of: ")") else { return nil }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 3, let parent = pid_t(fields[1]), let group = pid_t(fields[2]),
                let session = pid_t(fields[3])
            else { return nil }
            return Entry(
                pid: pid, parent: parent, group: group, session: session,
                isZombie: fields[0] == "Z")
        }
    }

    /// Whether the environment `pid` started with holds `mark` or a mark under it
    /// (unreadable: no).
    private static func carries(_ mark: String, pid: pid_t) -> Bool {
        guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/environ") else {
            return false
        }
        let key = Array("\(markKey)=".utf8)
        guard let entry = data.split(separator: 0).first(where: { $0.starts(with: key) }) else {
            return false
        }
        return value(String(decoding: entry.dropFirst(key.count), as: UTF8.self), covers: mark)
    }
    #endif

    /// Whether a value of ``markKey`` holds `mark` or a mark under it: `1-1` covers `1-1`
    /// and `1-1-…` (never `1-10`), and `1` covers every mark of runner 1.
    static func value(_ value: String, covers mark: String) -> Bool {
        value.split(separator: " ").contains { $0 == mark || $0.hasPrefix(mark + "-") }
    }

    private static let counter = Counter()
}

/// A thread-safe counter for marks.
private final class Counter: Sendable {
    private let value = Mutex(0)

    func next() -> Int {
        value.withLock {
            $0 += 1
            return $0
        }
    }
}
