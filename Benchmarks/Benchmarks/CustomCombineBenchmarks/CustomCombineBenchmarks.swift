import Benchmark
import CustomCombine

let benchmarks: @Sendable () -> Void = {
    Benchmark("PassthroughSubject.send, 1 subscriber") { benchmark in
        let subject = PassthroughSubject<Int, Never>()
        var total = 0
        let cancellable = subject.sink { total &+= $0 }
        for i in benchmark.scaledIterations { subject.send(i) }
        blackHole(total)
        cancellable.cancel()
    }
}
