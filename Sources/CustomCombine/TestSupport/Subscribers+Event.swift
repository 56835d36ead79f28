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

extension Subscribers.Event: CustomStringConvertible {
    /// Written the way the chapters write events, `1` or `.finished`, so that a failed
    /// assertion on recorded events reads `[1, 2, .finished]` instead of type names.
    public var description: String {
        if case .value(let value) = self {
            return String(describing: value)
        }
        if case .complete(.failure(let error)) = self {
            return ".failure(\(error))"
        }
        return ".finished"
    }
}
