extension Publisher {
    // snippet.pausable-sink
    /// Subscribes a ``PausableSubscriber``: `receiveValue` returns `false` to pause, and the
    /// returned value resumes or cancels it. Keep it: releasing it does not cancel.
    public func pausableSink(
        receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
        receiveValue: @escaping (Output) -> Bool
    ) -> Pausable & Cancellable {
        let pausable = PausableSubscriber<Output, Failure>(
            receiveValue: receiveValue, receiveCompletion: receiveCompletion)
        subscribe(pausable)
        return pausable
    }
    // snippet.end
}
