import Foundation

/// Lets an asynchronous source run for a while so that anything it should not do has a
/// chance to happen before the scenario checks it did not.
func settle(_ seconds: Double) {
    usleep(UInt32(seconds * 1_000_000))
}

/// Carries a non-Sendable value into a closure that runs on another thread, for the
/// scenarios whose point is to call a component from several threads.
struct Unchecked<Value>: @unchecked Sendable {
    let value: Value
}
