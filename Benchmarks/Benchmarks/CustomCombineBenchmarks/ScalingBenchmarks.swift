import Benchmark
import CustomCombine

/// Issue item 2: sending to many subscribers, and subscribing next to many of them.
func registerScalingBenchmarks() {
    for count in [1, 10, 100, 1_000] {
        let perSubscriber = Benchmark.Configuration(
            scalingFactor: count >= 100 ? .one : .kilo
        )
        Benchmark("fan-out/PassthroughSubject, \(count) subscribers", configuration: perSubscriber)
        {
            benchmark in
            let subject = PassthroughSubject<Int, Never>()
            measureSends(benchmark, into: subject, through: subject, subscribers: count)
        }
        Benchmark("fan-out/CustomSubject, \(count) subscribers", configuration: perSubscriber) {
            benchmark in
            let subject = CustomSubject<Int, Never>()
            measureSends(benchmark, into: subject, through: subject, subscribers: count)
        }
        Benchmark("subscribe+cancel/PassthroughSubject, \(count) present") { benchmark in
            measureSubscribeCancel(benchmark, on: PassthroughSubject<Int, Never>(), present: count)
        }
        Benchmark("subscribe+cancel/CustomSubject, \(count) present") { benchmark in
            measureSubscribeCancel(benchmark, on: CustomSubject<Int, Never>(), present: count)
        }
    }
}

private func measureSubscribeCancel<S: Subject>(
    _ benchmark: Benchmark, on subject: S, present: Int
) where S.Output == Int {
    let others = attachSubscribers(present, to: subject)
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
        let subscriber = CountingSubscriber<Int, S.Failure>()
        subject.subscribe(subscriber)
        subscriber.cancel()
    }
    benchmark.stopMeasurement()
    subject.send(1)
    precondition(others.allSatisfy { $0.count == 1 })
    others.forEach { $0.cancel() }
}
