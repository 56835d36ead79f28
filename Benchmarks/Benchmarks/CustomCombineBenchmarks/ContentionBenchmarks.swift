import Benchmark
import CustomCombine
import Dispatch

/// Issue item 4: two threads sending into one subject with one subscriber.
func registerContentionBenchmarks() {
    Benchmark("contention/PassthroughSubject, 2 threads") { benchmark in
        // Subjects are thread-safe by contract; OpenCombine does not mark them Sendable.
        nonisolated(unsafe) let subject = PassthroughSubject<Int, Never>()
        measureTwoSenders(benchmark, subscribingTo: subject) { subject.send($0) }
    }
    Benchmark("contention/CustomSubject, 2 threads") { benchmark in
        let subject = CustomSubject<Int, Never>()
        measureTwoSenders(benchmark, subscribingTo: subject) { subject.send($0) }
    }
}

private func measureTwoSenders<P: Publisher>(
    _ benchmark: Benchmark, subscribingTo publisher: P, send: @Sendable (Int) -> Void
) {
    let sinks = attachSubscribers(1, to: publisher)
    let perThread = benchmark.scaledIterations.count / 2
    benchmark.startMeasurement()
    DispatchQueue.concurrentPerform(iterations: 2) { _ in
        for value in 0..<perThread { send(value) }
    }
    benchmark.stopMeasurement()
    precondition(sinks[0].count == perThread * 2)
    sinks[0].cancel()
}
