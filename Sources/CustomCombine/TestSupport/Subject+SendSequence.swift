// snippet.send-sequence
extension Subject {
    /// Sends every element of `sequence` in order, then `completion` if there is one,
    /// so a test script can drive a subject in one line.
    public func send<S: Sequence>(sequence: S, completion: Subscribers.Completion<Failure>?)
    where S.Element == Output {
        for element in sequence {
            send(element)
        }
        if let completion {
            send(completion: completion)
        }
    }
}
// snippet.end
