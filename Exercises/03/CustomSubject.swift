// Exercise: chapter 03, CustomSubject.
// Solution: Sources/CustomCombine/SubscriptionModel/CustomSubject.swift

/// A subject like PassthroughSubject, built on CustomSubscription.
public final class CustomSubject<Output, Failure: Error>: Subject {
    public init() {}

    public func receive<S: Subscriber>(subscriber: S)
    where S.Input == Output, S.Failure == Failure {
        unwritten("CustomSubject.receive(subscriber:)", see: "Chapters/03-custom-subject.md")
    }

    public func send(subscription: Subscription) {
        unwritten("CustomSubject.send(subscription:)", see: "Chapters/03-custom-subject.md")
    }

    public func send(_ value: Output) {
        unwritten("CustomSubject.send(_:)", see: "Chapters/03-custom-subject.md")
    }

    public func send(completion: Subscribers.Completion<Failure>) {
        unwritten("CustomSubject.send(completion:)", see: "Chapters/03-custom-subject.md")
    }
}
