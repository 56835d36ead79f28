// Exercise: chapter 17, pausableSink.
// Solution: Sources/CustomCombine/Subscribers/Publisher+PausableSink.swift

extension Publisher {
    /// Subscribes a `PausableSubscriber`: `receiveValue` returns `false` to pause, and the
    /// returned value resumes or cancels it.
    public func pausableSink(
        receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
        receiveValue: @escaping (Output) -> Bool
    ) -> Pausable & Cancellable {
        unwritten(
            "Publisher.pausableSink(receiveCompletion:receiveValue:)",
            see: "Chapters/17-pausable-sink.md, 'Pausable and PausableSubscriber'")
    }
}
