extension AnySubscriber {
    /// Erases `subscriber` for a behavior's `downstream`, forwarding the three calls and
    /// nothing else.
    ///
    /// `AnySubscriber(_:)` also prepares a description and a mirror, writing out the
    /// subscriber's type name, which costs about a dozen allocations per subscription in
    /// OpenCombine. The closure-based initializer, which Apple's Combine has too, skips
    /// them. A subscriber that already is an `AnySubscriber` is passed on unwrapped.
    /// Inlinable, so that the closures are compiled, specialized, in the module that knows
    /// the subscriber's concrete type.
    @inlinable
    init<S: Subscriber>(forwardingTo subscriber: S)
    where S.Input == Input, S.Failure == Failure {
        if let erased = subscriber as? AnySubscriber {
            self = erased
            return
        }
        self.init(
            receiveSubscription: { subscriber.receive(subscription: $0) },
            receiveValue: { subscriber.receive($0) },
            receiveCompletion: { subscriber.receive(completion: $0) }
        )
    }
}
