/// The contract items the kit checks, numbered as in the conformance issue, so a failure
/// names the exact promise a publisher or subscriber broke.
public enum ConformanceRule: Int, CaseIterable, Sendable, Comparable, CustomStringConvertible {
    /// Every rule about publishers: all but 12, which is about subscribers, and 13, which
    /// needs a child process. A shape declares these when all of them apply to it.
    public static let publisherRules = Set(allCases).subtracting([
        .secondSubscription, .requestNone,
    ])

    /// `receive(subscription:)` exactly once, before any value or completion.
    case subscriptionFirst = 1
    /// Values never exceed cumulative demand; zero demand means nothing is delivered.
    case demandBound = 2
    /// `.max(n)` requested in steps is honoured step by step; `.unlimited` absorbs everything.
    case stepwiseDemand = 3
    /// At most one completion, and nothing after it.
    case singleCompletion = 4
    /// A completion needs no demand.
    case completionWithoutDemand = 5
    /// Cancel stops delivery; request or cancel after cancel does nothing; cancel is thread-safe.
    case cancellation = 6
    /// Cancel and completion release the subscriber (or, for subscribers, the subscription).
    case release = 7
    /// Requesting, cancelling or sending from inside callbacks neither deadlocks nor crashes.
    case reentrancy = 8
    /// Concurrent sends never produce overlapping calls into one subscriber.
    case serialDelivery = 9
    /// Every subscriber of a multicast publisher sees the same sequence; replay has no gap.
    case multicastReplay = 10
    /// A late subscriber to a completed publisher gets its subscription, any replay, the completion.
    case lateSubscriber = 11
    /// A subscriber that already has a subscription cancels a second one.
    case secondSubscription = 12
    /// `request(.none)` is a contract violation: observed in a child process (trap or ignore).
    case requestNone = 13
    /// Not a numbered rule: many threads sending, subscribing and cancelling at once.
    case stress = 14
    /// A request or cancel from another thread while values flow neither deadlocks nor
    /// breaks demand: what a chain of components must survive when they are composed.
    case crossThreadControl = 15
    /// `cancel()` and `request(_:)` from another thread return while a delivery is held
    /// inside the subscriber: they never wait for a delivery to finish.
    case promptControl = 16

    /// A stable short name used in failure messages and in the summary table.
    public var name: String {
        let titles = [
            "subscription-first", "demand-bound", "stepwise-demand", "single-completion",
            "completion-without-demand", "cancel", "release", "re-entrancy", "serial-delivery",
            "multicast-replay", "late-subscriber", "second-subscription", "request-none", "stress",
            "cross-thread-control", "prompt-control",
        ]
        return titles[rawValue - 1]
    }

    /// The broken promise in a learner's words, completing "<the publisher> ...".
    public var inPlainWords: String {
        switch self {
        case .subscriptionFirst:
            "sent a value or a completion before the subscription, or a second subscription"
        case .demandBound: "sent a value nobody asked for, or held back one that was asked for"
        case .stepwiseDemand: "did not honour demand asked for a little at a time"
        case .singleCompletion: "sent something after its completion, or completed twice"
        case .completionWithoutDemand:
            "held a completion back until there was demand; a completion needs none"
        case .cancellation: "kept delivering after cancel, or broke on a repeated cancel"
        case .release: "kept its subscriber alive after cancel or completion"
        case .reentrancy:
            "deadlocked, crashed or lost values when a subscriber called back into it from a callback"
        case .serialDelivery:
            "called one subscriber from two threads at once, or lost values sent from several threads"
        case .multicastReplay: "gave its subscribers different values, or replayed with a gap"
        case .lateSubscriber:
            "left a subscriber that came after the completion without its subscription and completion"
        case .secondSubscription: "accepted a second subscription instead of cancelling it"
        case .requestNone: "accepted request(.none), which the contract forbids"
        case .stress: "broke with many threads sending, subscribing and cancelling at once"
        case .crossThreadControl:
            "deadlocked or broke demand when a request or cancel came from another thread"
        case .promptControl:
            "made cancel() or request(_:) wait for a delivery on another thread to return"
        }
    }

    /// Where the workbook teaches the promise, in chapter order: the first lesson is where
    /// the promise first appears, later ones where a component keeps it again.
    public var lessons: [Lesson] {
        switch self {
        case .subscriptionFirst:
            [
                Lesson(2, "subscription-behavior", "The handshake, in ten steps"),
                Lesson(3, "custom-subject", "A completion must not overtake the subscription"),
            ]
        case .demandBound:
            [
                Lesson(2, "subscription-behavior", "Testing the defaults one by one"),
                Lesson(12, "demand", "A subject drops what nobody asked for"),
            ]
        case .stepwiseDemand:
            [
                Lesson(2, "subscription-behavior", "Testing the defaults one by one"),
                Lesson(12, "demand", "CustomDemandSink"),
            ]
        case .singleCompletion:
            [Lesson(3, "custom-subject", "Where the draft and the library differ")]
        case .completionWithoutDemand:
            [Lesson(2, "subscription-behavior", "Testing the defaults one by one")]
        case .cancellation:
            [
                Lesson(2, "subscription-behavior", "Testing the defaults one by one"),
                Lesson(12, "demand", "CustomDemandSink"),
                Lesson(14, "event-publisher", "Cancel cleans up the control"),
            ]
        case .release:
            [
                Lesson(2, "subscription-behavior", "Testing the defaults one by one"),
                Lesson(3, "custom-subject", "The library's CustomSubject"),
                Lesson(
                    9, "surprising-lifetimes",
                    "Why: a reference cycle that only completion or cancel breaks"),
                Lesson(12, "demand", "CustomDemandSink"),
            ]
        case .reentrancy:
            [
                Lesson(2, "subscription-behavior", "Testing the defaults one by one"),
                Lesson(3, "custom-subject", "The library's CustomSubject"),
            ]
        case .serialDelivery:
            [
                Lesson(
                    2, "subscription-behavior", "A third wrapper: request and cancel leave mail"),
                Lesson(5, "thread-safe-subject", "The real experiment"),
            ]
        case .multicastReplay:
            [
                Lesson(3, "custom-subject", "Where the draft and the library differ"),
                Lesson(8, "buffer-subject", "Chapter 6's timeline, replayed"),
            ]
        case .lateSubscriber:
            [
                Lesson(
                    1, "publishers-and-subscribers",
                    "A subscriber who arrives late: four possible answers"),
                Lesson(3, "custom-subject", "Where the draft and the library differ"),
            ]
        case .secondSubscription:
            [
                Lesson(2, "subscription-behavior", "Testing the defaults one by one"),
                Lesson(12, "demand", "CustomDemandSink"),
                Lesson(14, "event-publisher", "A subscriber of our own: CustomSink"),
            ]
        case .requestNone:
            [
                Lesson(12, "demand", "CustomDemandSink"),
                Lesson(16, "share-replay", "`.none` is just zero"),
            ]
        case .stress:
            [
                Lesson(3, "custom-subject", "The library's CustomSubject"),
                Lesson(5, "thread-safe-subject", "The real experiment"),
            ]
        case .crossThreadControl:
            [Lesson(2, "subscription-behavior", "Two links, two threads")]
        case .promptControl:
            [Lesson(2, "subscription-behavior", "Cancel while another thread delivers")]
        }
    }

    /// The lesson to point a learner at who is working on `chapter`: the latest one at or
    /// before it, never a chapter they have not reached; the first lesson, marked as later,
    /// when every lesson is further on. Without a chapter, the latest lesson.
    public func lesson(upTo chapter: Int?) -> (lesson: Lesson, isLater: Bool) {
        guard let chapter else { return (lessons[lessons.count - 1], false) }
        if let reached = lessons.last(where: { $0.chapter <= chapter }) {
            return (reached, false)
        }
        return (lessons[0], true)
    }

    /// "sent a value nobody asked for (see Chapters/02-subscription-behavior.md, 'Testing
    /// the defaults one by one')": the promise and the lesson for `chapter` (see
    /// ``lesson(upTo:)``).
    public func explanation(upTo chapter: Int? = nil) -> String {
        let (lesson, isLater) = lesson(upTo: chapter)
        let later = isLater ? ", a later chapter" : ""
        return "\(inPlainWords) (see \(lesson.path), '\(lesson.heading)'\(later))"
    }

    /// The chapter a test file belongs to: `Chapters/03-custom-subject.md` (what `#filePath`
    /// is inside a generated chapter test) gives 3; any other path gives `nil`.
    public static func chapter(ofFile path: String) -> Int? {
        guard let range = path.ranges(of: "Chapters/").last else { return nil }
        let digits = path[range.upperBound...].prefix { $0.isNumber }
        return digits.isEmpty ? nil : Int(digits)
    }

    /// The column heading in the summary table.
    public var columnTitle: String {
        self == .stress ? "S" : "R\(rawValue)"
    }

    /// `R2 demand-bound`: the rule number and name together.
    public var description: String {
        self == .stress ? "stress" : "R\(rawValue) \(name)"
    }

    /// Orders rules by number so reports list them in the order.
    public static func < (lhs: ConformanceRule, rhs: ConformanceRule) -> Bool {
        lhs.rawValue < rhs.rawValue
    }
}
