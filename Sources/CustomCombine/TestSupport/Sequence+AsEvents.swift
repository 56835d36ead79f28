// snippet.as-events
extension Sequence {
    /// The events a subscriber records when it receives these elements and then
    /// `completion` (if any): the expected side of a recorded-events assertion.
    public func asEvents<Failure: Error>(
        failure: Failure.Type,
        completion: Subscribers.Completion<Failure>? = nil
    ) -> [Subscribers.Event<Element, Failure>] {
        var events = map(Subscribers.Event<Element, Failure>.value)
        if let completion {
            events.append(.complete(completion))
        }
        return events
    }

    /// The events of a stream that cannot fail; most tests only care about the values
    /// and whether the stream finished.
    public func asEvents(
        completion: Subscribers.Completion<Never>? = nil
    ) -> [Subscribers.Event<Element, Never>] {
        asEvents(failure: Never.self, completion: completion)
    }
}
// snippet.end
