import Foundation

/// Signs of life while one rule runs: every signal a recording subscriber receives, every
/// scenario that starts and every poll of a scenario that waits beats once, so a rule that
/// stops beating is stuck inside the component, not slow. (Rule 15's sending thread also
/// counts its values on one, for the thread that requests meanwhile.)
final class Heartbeat: @unchecked Sendable {
    private let lock = NSLock()
    private var beats = 0

    /// One sign of life.
    func beat() {
        lock.withLock { beats += 1 }
    }

    /// How many beats so far.
    var count: Int {
        lock.withLock { beats }
    }
}
