// Exercise: chapter 15, unwrap().
// Solution: Sources/CustomCombine/Operators/Publisher+Unwrap.swift

extension Publisher {
    /// Drops `nil`s and publishes the wrapped values: a custom operator built from an existing
    /// one, so demand, cancellation and completion need no new code.
    public func unwrap<Wrapped>() -> Publishers.CompactMap<Self, Wrapped>
    where Output == Wrapped? {
        unwritten(
            "Publisher.unwrap()",
            see: "Chapters/15-custom-operators-and-timer.md, 'The cheap way: unwrap()'")
    }
}
