extension Publisher {
    /// Shares this publisher among subscribers, replaying its last `capacity` values (and its
    /// completion) to every subscriber that comes later.
    ///
    /// Keep the returned publisher and subscribe to it: each call makes a new shared stream.
    ///
    /// Disfavored so that a reader's own `shareReplay(capacity:)` (chapter 16's exercise, built
    /// with `workbook test 16 --mine`) is the one the chapter calls.
    @_disfavoredOverload
    public func shareReplay(capacity: Int = .max) -> ShareReplay<Self> {
        ShareReplay(upstream: self, capacity: capacity)
    }
}
