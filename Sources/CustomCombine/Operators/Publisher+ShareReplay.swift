extension Publisher {
    /// Shares this publisher among subscribers, replaying its last `capacity` values (and its
    /// completion) to every subscriber that comes later.
    ///
    /// Keep the returned publisher and subscribe to it: each call makes a new shared stream.
    public func shareReplay(capacity: Int = .max) -> Publishers.ShareReplay<Self> {
        Publishers.ShareReplay(upstream: self, capacity: capacity)
    }
}
