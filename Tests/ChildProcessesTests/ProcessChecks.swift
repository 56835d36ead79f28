import Foundation
import XCTest

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension XCTestCase {
    /// Whether `pid` no longer names a live process within a few seconds (a zombie counts as
    /// gone: it runs nothing and its parent reaps it). A process still there is killed, so a
    /// failed check leaves nothing running.
    func eventuallyGone(_ pid: pid_t) -> Bool {
        let deadline = Date().addingTimeInterval(5)
        while Date() < deadline {
            if kill(pid, 0) != 0 && errno == ESRCH { return true }
            #if os(Linux)
            if let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                stat.contains(") Z ")
            {
                return true
            }
            #endif
            usleep(20_000)
        }
        kill(pid, SIGKILL)
        return false
    }

    /// Skips where the runner cannot list processes outside a child's group (everywhere but
    /// Linux; see `StrayProcesses`), so a check of that is not reported as a failure there.
    func skipUnlessStraysAreListed() throws {
        #if !os(Linux)
        throw XCTSkip("processes outside the child's group are found on Linux only")
        #endif
    }
}
