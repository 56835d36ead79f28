import Foundation
import XCTest

@testable import PublisherConformance

/// The thread freezer under R1's race and R15's stalls, with each kind of timer: the kernel
/// timer Linux uses, and the signalling thread Darwin uses (plain POSIX, so it runs here
/// too). Not under ThreadSanitizer, which holds signals back.
final class ThreadFreezerTests: XCTestCase {
    private var timers: [(name: String, make: @Sendable () -> (any FreezeTimer)?)] {
        [
            ("this platform's timer", { ThreadFreezer.makeTimer() }),
            ("signalling thread", { SignallingThread() }),
        ]
    }

    /// The handler is installed with `SA_RESTART`, so a signal landing in a system call
    /// (a lock's wait, a write) resumes it instead of failing it.
    func testTheHandlerRestartsInterruptedSystemCalls() throws {
        let flags = try XCTUnwrap(ThreadFreezer.installedFlags)
        XCTAssertEqual(flags & SA_RESTART, SA_RESTART)
    }

    /// A stall lands on the thread that made the timer: that thread sees its clock jump by
    /// the stall, 20 ms, while it spins.
    func testEachTimerStallsTheThreadThatMadeIt() throws {
        guard ConformanceEnvironment.canFreezeThreads
        else { throw XCTSkip("no thread freezer here (under ThreadSanitizer)") }
        ThreadFreezer.stallOnSignal(nanoseconds: 20_000_000)
        defer { ThreadFreezer.stallOnSignal(nanoseconds: 0) }
        for (name, make) in timers {
            let longestGap = onThread {
                guard let timer = make() else { return 0 }
                timer.arm(after: 100_000)
                let end = ThreadFreezer.monotonicNanoseconds() + 500_000_000
                var last = ThreadFreezer.monotonicNanoseconds()
                var longest = 0
                while last < end, longest < 15_000_000 {
                    let now = ThreadFreezer.monotonicNanoseconds()
                    longest = max(longest, now - last)
                    last = now
                }
                return longest
            }
            XCTAssertGreaterThanOrEqual(longestGap, 15_000_000, name)
        }
    }

    /// A freeze: the waiting thread learns where the other stopped, acts, and lets it go.
    ///
    /// A freeze is bounded (the waiting thread has 5 ms to see it, the frozen one lets go
    /// after 2 ms), so on a loaded machine one attempt may find no freeze: each timer gets up
    /// to 20 attempts and must freeze the thread at its mark in one of them. A freeze
    /// anywhere but at the mark fails at once.
    func testEachTimerFreezesTheThreadThatMadeItUntilThawed() throws {
        guard ConformanceEnvironment.canFreezeThreads
        else { throw XCTSkip("no thread freezer here (under ThreadSanitizer)") }
        for (name, make) in timers {
            var marks: [Int?] = []
            while marks.count < 20, marks.last != 7 {
                XCTAssertTrue(ThreadFreezer.expectFreeze(), name)
                let frozen = Thread {
                    guard let timer = make() else { return ThreadFreezer.callOff() }
                    ThreadFreezer.mark(7)
                    timer.arm(after: 100_000)
                    let end = ThreadFreezer.monotonicNanoseconds() + 50_000_000
                    while ThreadFreezer.monotonicNanoseconds() < end {}
                    ThreadFreezer.mark(8)
                    ThreadFreezer.callOff()
                }
                frozen.start()
                marks.append(ThreadFreezer.awaitFreeze())
                ThreadFreezer.thaw()
                while !frozen.isFinished { usleep(1_000) }
            }
            XCTAssertEqual(marks.last, 7, "\(name): no freeze at the mark in \(marks)")
            XCTAssertTrue(marks.allSatisfy { $0 == nil || $0 == 7 }, "\(name): \(marks)")
        }
    }

    /// Runs `body` on a thread of its own and returns its result.
    private func onThread(_ body: @escaping @Sendable () -> Int) -> Int {
        let result = LockedBox(0)
        let done = DispatchSemaphore(value: 0)
        Thread {
            result.value = body()
            done.signal()
        }.start()
        done.wait()
        return result.value
    }
}

/// A value handed from one thread to another.
private final class LockedBox: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Int
    init(_ value: Int) { stored = value }
    var value: Int {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
