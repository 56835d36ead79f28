/// Counts; the component chapter 01 builds.
public final class Counter {
    /// How many times `increment()` was called.
    public private(set) var count = 0

    /// A counter at zero.
    public init() {}

    /// Adds one.
    public func increment() {
        count += 1
    }
}
