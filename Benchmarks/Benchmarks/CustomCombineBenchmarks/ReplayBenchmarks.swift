import Benchmark
import CustomCombine

/// Issue item 3: a late subscriber that receives 10,000 stored values. The reference is the
/// same 10,000 values from a sequence publisher, which stores nothing and cannot go faster.
func registerReplayBenchmarks() {
    let stored = 10_000
    let once = Benchmark.Configuration(scalingFactor: .one)

    Benchmark("replay/Sequence publisher, 10000 values", configuration: once) { benchmark in
        let values = Array(0..<stored)
        measureLateSubscribers(benchmark, expecting: stored) { values.publisher }
    }
    Benchmark("replay/BufferSubject, 10000 values", configuration: once) { benchmark in
        let subject = BufferSubject<Int, Never>(limit: stored)
        subject.send(sequence: 0..<stored, completion: nil)
        measureLateSubscribers(benchmark, expecting: stored) { subject }
    }
    Benchmark("replay/shareReplay, 10000 values", configuration: once) { benchmark in
        let subject = PassthroughSubject<Int, Never>()
        let shared = subject.shareReplay(capacity: stored)
        let first = attachSubscribers(1, to: shared)
        for value in 0..<stored { subject.send(value) }
        measureLateSubscribers(benchmark, expecting: stored) { shared }
        first[0].cancel()
    }
}

private func measureLateSubscribers<P: Publisher>(
    _ benchmark: Benchmark, expecting count: Int, _ publisher: () -> P
) {
    let source = publisher()
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
        let subscriber = CountingSubscriber<P.Output, P.Failure>()
        source.subscribe(subscriber)
        precondition(subscriber.count == count)
        subscriber.cancel()
    }
    benchmark.stopMeasurement()
}
