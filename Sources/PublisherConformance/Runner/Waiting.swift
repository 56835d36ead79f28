import Foundation

/// Polls `condition` until it holds or a generous deadline passes. Asynchronous publishers
/// are judged on counts reached, never on how long they took; the deadline only turns a
/// hang into a failure.
func eventually(timeout: Double = 10, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while !condition() {
        if Date() > deadline { return false }
        usleep(1_000)
    }
    return true
}

/// Lets an asynchronous source run for a while so that anything it should not do has a
/// chance to happen before the scenario checks it did not.
func settle(_ seconds: Double) {
    usleep(UInt32(seconds * 1_000_000))
}

/// Runs `body` on its own thread and reports whether it returned before a generous
/// deadline: a re-entrancy deadlock then fails one rule instead of hanging the test run.
func returnsWithoutDeadlock(timeout: Double = 30, _ body: @escaping @Sendable () -> Void) -> Bool {
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        body()
        done.signal()
    }
    thread.stackSize = 8 << 20
    thread.start()
    return done.wait(timeout: .now() + timeout) == .success
}

/// Carries a non-Sendable value into a closure that runs on another thread, for the
/// scenarios whose point is to call a component from several threads.
struct Unchecked<Value>: @unchecked Sendable {
    let value: Value
}
