import Benchmark
import CustomCombine

/// Issue item 1: what one value costs on its way through one subscriber.
func registerPerEventBenchmarks() {
    Benchmark("baseline/closure call") { benchmark in
        var total = 0
        let deliver: (Int) -> Void = { total &+= $0 }
        benchmark.startMeasurement()
        for value in benchmark.scaledIterations { deliver(value) }
        benchmark.stopMeasurement()
        blackHole(total)
    }

    sendBenchmark("send/PassthroughSubject") { PassthroughSubject<Int, Never>() }
    sendBenchmark("send/CustomSubject") { CustomSubject<Int, Never>() }
    // A BufferSubject replays what it holds to each new subscriber, so every run needs a
    // fresh one: one kept across runs would hand the next run's subscriber an extra value.
    sendBenchmark("send/BufferSubject") { BufferSubject<Int, Never>() }

    Benchmark("scan/Scan") { benchmark in
        let subject = PassthroughSubject<Int, Never>()
        measureSends(benchmark, into: subject, through: subject.scan(0, &+))
    }
    Benchmark("scan/CustomScan") { benchmark in
        let subject = PassthroughSubject<Int, Never>()
        let scan = CustomScan(upstream: subject, initialResult: 0, nextPartialResult: &+)
        measureSends(benchmark, into: subject, through: scan)
    }

    Benchmark("share/share()") { benchmark in
        let subject = PassthroughSubject<Int, Never>()
        measureSends(benchmark, into: subject, through: subject.share())
    }
    Benchmark("share/shareReplay(capacity: 1)") { benchmark in
        let subject = PassthroughSubject<Int, Never>()
        measureSends(benchmark, into: subject, through: subject.shareReplay(capacity: 1))
    }

    // OpenCombine 0.14 ships no Merge operator; what a user does instead (chapter 10) is
    // subscribe one PassthroughSubject to every upstream.
    for sources in [2, 16] {
        Benchmark("merge/PassthroughSubject fed by \(sources) sources") { benchmark in
            let subjects = (0..<sources).map { _ in PassthroughSubject<Int, Never>() }
            let merged = PassthroughSubject<Int, Never>()
            let feeds = subjects.map { $0.subscribe(merged) }
            measureRoundRobin(benchmark, into: subjects, through: merged)
            feeds.forEach { $0.cancel() }
        }
        Benchmark("merge/MergeInput, \(sources) sources") { benchmark in
            let subjects = (0..<sources).map { _ in PassthroughSubject<Int, Never>() }
            let merged = MergeInput<Int>()
            for subject in subjects { subject.merge(into: merged) }
            measureRoundRobin(benchmark, into: subjects, through: merged)
            merged.cancel()
        }
    }
}

/// Each run makes its own subject, so no run sees what an earlier one left behind.
private func sendBenchmark<S: Subject>(_ name: String, _ makeSubject: @escaping @Sendable () -> S)
where S.Output == Int {
    Benchmark(name) { benchmark in
        let subject = makeSubject()
        measureSends(benchmark, into: subject, through: subject)
    }
}

/// Sends one value per scaled iteration into `subject` while one subscriber listens to
/// `publisher`, and checks that every value arrived.
func measureSends<S: Subject, P: Publisher>(
    _ benchmark: Benchmark, into subject: S, through publisher: P, subscribers: Int = 1
) where S.Output == Int {
    let sinks = attachSubscribers(subscribers, to: publisher)
    benchmark.startMeasurement()
    for value in benchmark.scaledIterations { subject.send(value) }
    benchmark.stopMeasurement()
    precondition(sinks.allSatisfy { $0.count == benchmark.scaledIterations.count })
    sinks.forEach { $0.cancel() }
}

private func measureRoundRobin<P: Publisher>(
    _ benchmark: Benchmark, into subjects: [PassthroughSubject<Int, Never>], through publisher: P
) {
    let sinks = attachSubscribers(1, to: publisher)
    benchmark.startMeasurement()
    for value in benchmark.scaledIterations { subjects[value % subjects.count].send(value) }
    benchmark.stopMeasurement()
    precondition(sinks[0].count == benchmark.scaledIterations.count)
    sinks[0].cancel()
}
