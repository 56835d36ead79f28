// Exercise: chapter 01, Counter.
// Solution: Sources/CustomCombine/Counter.swift

/// Counts how many times `increment()` was called.
public final class Counter {
    public var count: Int {
        unwritten("Counter.count", see: "Chapters/01-counter.md, 'Counting'")
    }

    public init() {}

    public func increment() {
        unwritten("Counter.increment()", see: "Chapters/01-counter.md, 'Counting'")
    }
}
