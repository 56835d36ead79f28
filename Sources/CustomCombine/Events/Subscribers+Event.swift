// snippet.event
extension Subscribers {
    /// One thing a subscriber can receive, as a value: either an element or the completion.
    ///
    /// Tests record what a subscriber sees as an array of events and compare it with the
    /// expected array in one assertion, so order and completion are checked together.
    public enum Event<Value, Failure: Error> {
        /// An element delivered through `receive(_:)`.
        case value(Value)
        /// The completion delivered through `receive(completion:)`.
        case complete(Subscribers.Completion<Failure>)
    }
}

extension Subscribers.Event: Equatable where Value: Equatable, Failure: Equatable {}
// snippet.end
