import Benchmark

/// Every benchmark measures one event (or one subscribe + cancel) per scaled iteration, so the
/// `*` metrics are per event; each component runs beside the OpenCombine piece a user would
/// pick instead, in the same process, so `report.py` can print their ratio.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .instructions, .mallocCountTotal],
        scalingFactor: .kilo,
        maxDuration: .seconds(1),
        maxIterations: 1_000
    )
    registerPerEventBenchmarks()
    registerScalingBenchmarks()
    registerReplayBenchmarks()
    registerContentionBenchmarks()
    registerWorkbookBenchmarks()
}
