import CustomCombine

/// One fresh publisher under test plus the levers that make it act: what the kit calls to
/// emit a value, finish or fail. Everything the publisher depends on (an upstream subject,
/// a control) is retained here for the lifetime of a scenario.
///
/// Marked `@unchecked Sendable` on purpose: the kit calls into it from several threads,
/// because thread safety is what rules 6, 9 and the stress runs examine.
public final class PublisherInstance<Output, Failure: Error>: @unchecked Sendable {
    /// The publisher, type-erased so one runner serves every publisher type.
    public let publisher: AnyPublisher<Output, Failure>
    /// Makes the publisher emit a value that the harness's `tag` maps back to the argument.
    public let emit: ((Int) -> Void)?
    /// Makes the publisher finish normally.
    public let finish: (() -> Void)?
    /// Makes the publisher fail.
    public let fail: (() -> Void)?
    private let retained: [Any]

    /// - Parameters:
    ///   - publisher: the publisher under test.
    ///   - emit: `nil` for sources that produce values by themselves (sequences, timers).
    ///   - finish: `nil` when the publisher cannot be told to finish.
    ///   - fail: `nil` when the publisher cannot be told to fail.
    ///   - retaining: objects the publisher needs but does not own.
    public init<P: Publisher>(
        _ publisher: P,
        emit: ((Int) -> Void)? = nil,
        finish: (() -> Void)? = nil,
        fail: (() -> Void)? = nil,
        retaining: [Any] = []
    ) where P.Output == Output, P.Failure == Failure {
        self.publisher = publisher.eraseToAnyPublisher()
        self.emit = emit
        self.finish = finish
        self.fail = fail
        self.retained = retaining
    }

    /// A subject under test: emitting sends the value, finishing and failing send the
    /// completions, so every subject gets the same levers.
    public convenience init<S: Subject>(subject: S, failure: @escaping () -> Failure)
    where S.Output == Int, S.Failure == Failure, Output == Int {
        self.init(
            subject, emit: { subject.send($0) },
            finish: { subject.send(completion: .finished) },
            fail: { subject.send(completion: .failure(failure())) })
    }

    /// Subscribes a subscriber; a named helper so scenarios read as the contract does.
    public func subscribe<S: Subscriber>(_ subscriber: S)
    where S.Input == Output, S.Failure == Failure {
        publisher.subscribe(subscriber)
    }
}
