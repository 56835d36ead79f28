// snippet.sink-event
extension Publisher {
    /// Subscribes with unlimited demand and reports values and the completion through
    /// one closure, which is what a test needs to record a stream as events.
    public func sink(
        event: @escaping (Subscribers.Event<Output, Failure>) -> Void
    ) -> AnyCancellable {
        sink(
            receiveCompletion: { event(.complete($0)) },
            receiveValue: { event(.value($0)) }
        )
    }
}
// snippet.end
