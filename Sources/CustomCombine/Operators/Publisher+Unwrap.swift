extension Publisher {
    // snippet.unwrap
    /// Drops `nil`s and publishes the wrapped values: a custom operator built from an existing
    /// one, so demand, cancellation and completion need no new code.
    public func unwrap<Wrapped>() -> Publishers.CompactMap<Self, Wrapped>
    where Output == Wrapped? {
        compactMap { $0 }
    }
    // snippet.end
}
