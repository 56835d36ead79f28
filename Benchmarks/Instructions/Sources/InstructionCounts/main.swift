import CustomCombine
import Foundation

/// `InstructionCounts CASE N` drives N events through one case, so that
/// `instructions.sh` can take callgrind's total for N and for 0 and divide the difference
/// by N: the instructions one event costs, with start-up and set-up subtracted.
/// Every case sends into a subject with one subscriber that asks for everything.
let cases: [String: (Int) -> Int] = [
    "send/PassthroughSubject": { count in
        sendThrough(count, subject: PassthroughSubject<Int, Never>()) { $0 }
    },
    "send/CustomSubject": { count in
        sendThrough(count, subject: CustomSubject<Int, Never>()) { $0 }
    },
    "send/BufferSubject": { count in
        sendThrough(count, subject: BufferSubject<Int, Never>()) { $0 }
    },
    "scan/Scan": { count in
        sendThrough(count, subject: PassthroughSubject<Int, Never>()) { $0.scan(0, &+) }
    },
    "scan/CustomScan": { count in
        sendThrough(count, subject: PassthroughSubject<Int, Never>()) {
            CustomScan(upstream: $0, initialResult: 0, nextPartialResult: &+)
        }
    },
    "share/share()": { count in
        sendThrough(count, subject: PassthroughSubject<Int, Never>()) { $0.share() }
    },
    "share/shareReplay(capacity: 1)": { count in
        sendThrough(count, subject: PassthroughSubject<Int, Never>()) {
            $0.shareReplay(capacity: 1)
        }
    },
    "merge/MergeInput, 2 sources": { count in
        let merged = MergeInput<Int>()
        let sources = [PassthroughSubject<Int, Never>(), PassthroughSubject<Int, Never>()]
        for source in sources { source.merge(into: merged) }
        var total = 0
        let cancellable = merged.sink { total &+= $0 }
        for value in 0..<count { sources[value & 1].send(value) }
        cancellable.cancel()
        return total
    },
    "replay/Sequence publisher": { count in
        let values = Array(0..<replayed)
        return replayLate(count) { values.publisher }
    },
    "replay/BufferSubject": { count in
        let subject = BufferSubject<Int, Never>(limit: replayed)
        subject.send(sequence: 0..<replayed, completion: nil)
        return replayLate(count) { subject }
    },
    "replay/shareReplay": { count in
        let subject = PassthroughSubject<Int, Never>()
        let shared = subject.shareReplay(capacity: replayed)
        let first = shared.sink { _ in }
        for value in 0..<replayed { subject.send(value) }
        defer { first.cancel() }
        return replayLate(count) { shared }
    },
    "subscribe+cancel/PassthroughSubject": { count in
        subscribeAndCancel(count, subject: PassthroughSubject<Int, Never>())
    },
    "subscribe+cancel/CustomSubject": { count in
        subscribeAndCancel(count, subject: CustomSubject<Int, Never>())
    },
]

/// Sends `count` values into `subject`, through what `through` builds on it, into one sink.
func sendThrough<S: Subject, P: Publisher>(
    _ count: Int, subject: S, through: (S) -> P
) -> Int where S.Output == Int, S.Failure == Never, P.Output == Int, P.Failure == Never {
    var total = 0
    let cancellable = through(subject).sink { total &+= $0 }
    for value in 0..<count { subject.send(value) }
    cancellable.cancel()
    return total
}

/// Subscribes and cancels a sink `count` times, with one other subscriber present.
func subscribeAndCancel<S: Subject>(_ count: Int, subject: S) -> Int
where S.Output == Int, S.Failure == Never {
    var total = 0
    let present = subject.sink { total &+= $0 }
    for _ in 0..<count { subject.sink { total &+= $0 }.cancel() }
    present.cancel()
    return total
}

/// How many stored values each late subscriber of a `replay/` case receives.
let replayed = 100

/// Delivers `count` stored values in all: `count / replayed` late subscribers each subscribe
/// to what `publisher` returns, receive its `replayed` values and cancel.
func replayLate<P: Publisher>(_ count: Int, _ publisher: () -> P) -> Int
where P.Output == Int, P.Failure == Never {
    let source = publisher()
    var total = 0
    for _ in 0..<count / replayed {
        let cancellable = source.sink { total &+= $0 }
        cancellable.cancel()
    }
    return total
}

let arguments = CommandLine.arguments
guard arguments.count == 3, let run = cases[arguments[1]], let count = Int(arguments[2]) else {
    print("usage: InstructionCounts CASE COUNT; cases: \(cases.keys.sorted())")
    exit(2)
}
print(run(count))
