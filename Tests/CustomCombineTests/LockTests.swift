import Dispatch
import Foundation
import XCTest

@testable import CustomCombine

/// The library's lock on its own: mutual exclusion under contention (the path where a
/// thread sleeps and is woken), re-entry of a recursive lock, and `tryLock`.
final class LockTests: XCTestCase {
    /// A counter only touched under `lock`; a lost wake-up hangs, a broken exclusion loses
    /// increments (and ThreadSanitizer reports the race).
    private final class Guarded: @unchecked Sendable {
        let lock: Lock
        var count = 0

        init(recursive: Bool) {
            lock = Lock(recursive: recursive)
        }
    }

    func testContendedIncrementsAreNotLost() {
        for recursive in [false, true] {
            let guarded = Guarded(recursive: recursive)
            DispatchQueue.concurrentPerform(iterations: 8) { _ in
                for _ in 0..<5_000 {
                    guarded.lock.lock()
                    guarded.count += 1
                    guarded.lock.unlock()
                }
            }
            XCTAssertEqual(guarded.count, 40_000, "recursive: \(recursive)")
        }
    }

    func testAThreadThatFindsTheLockTakenSleepsUntilItIsReleased() {
        for recursive in [false, true] {
            let guarded = Guarded(recursive: recursive)
            let started = DispatchSemaphore(value: 0)
            let done = DispatchSemaphore(value: 0)
            guarded.lock.lock()
            let thread = Thread {
                started.signal()
                guarded.lock.lock()  // blocks: the test thread holds it
                guarded.count += 1
                guarded.lock.unlock()
                done.signal()
            }
            thread.start()
            started.wait()
            #if os(Linux)
            // The event: the waiting thread found the lock taken and made the parking spot.
            var parked = false
            for _ in 0..<10_000 where !parked {
                parked = guarded.lock.parking.load(ordering: .acquiring) != nil
                if !parked { usleep(1_000) }
            }
            XCTAssertTrue(
                parked, "the waiting thread made the parking spot, recursive: \(recursive)")
            #else
            Thread.sleep(forTimeInterval: 0.05)  // let it find the lock taken and sleep
            #endif
            guarded.count = 10
            guarded.lock.unlock()
            XCTAssertEqual(done.wait(timeout: .now() + 10), .success, "recursive: \(recursive)")
            guarded.lock.lock()
            XCTAssertEqual(guarded.count, 11, "recursive: \(recursive)")
            guarded.lock.unlock()
        }
    }

    #if os(Linux)
    func testALockNobodyWaitsForAllocatesNoParkingSpot() {
        // A subscription's delivery lock is rarely contended: it costs one allocation, the
        // lock object, until a thread has to wait.
        for recursive in [false, true] {
            let lock = Lock(recursive: recursive)
            lock.lock()
            if recursive {
                lock.lock()
                lock.unlock()
            }
            lock.unlock()
            XCTAssertTrue(lock.tryLock())
            lock.unlock()
            XCTAssertNil(lock.parking.load(ordering: .acquiring), "recursive: \(recursive)")
        }
    }
    #endif

    func testContendedNestedHoldsOfARecursiveLock() {
        let guarded = Guarded(recursive: true)
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            for _ in 0..<2_000 {
                guarded.lock.lock()
                guarded.lock.lock()
                guarded.count += 1
                guarded.lock.unlock()
                guarded.count += 1
                guarded.lock.unlock()
            }
        }
        XCTAssertEqual(guarded.count, 16_000)
    }

    func testRecursiveLockIsHeldUntilTheOutermostUnlock() {
        let lock = Lock(recursive: true)
        lock.lock()
        lock.lock()
        XCTAssertTrue(lock.tryLock(), "the holder takes it again")
        lock.unlock()
        lock.unlock()
        XCTAssertFalse(takenFromAnotherThread(lock), "still held once")
        lock.unlock()
        XCTAssertTrue(takenFromAnotherThread(lock), "free after the outermost unlock")
    }

    func testTryLockFailsWhileHeld() {
        let lock = Lock()
        XCTAssertTrue(lock.tryLock())
        XCTAssertFalse(lock.tryLock())
        XCTAssertFalse(takenFromAnotherThread(lock))
        lock.unlock()
        XCTAssertTrue(takenFromAnotherThread(lock))
    }

    /// Whether another thread can take `lock` with `tryLock` (it releases it again).
    private func takenFromAnotherThread(_ lock: Lock) -> Bool {
        let result = Guarded(recursive: false)
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            if lock.tryLock() {
                result.count = 1
                lock.unlock()
            }
            done.signal()
        }
        thread.start()
        done.wait()
        return result.count == 1
    }
}
