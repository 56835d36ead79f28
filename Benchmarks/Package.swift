// swift-tools-version: 6.1
import PackageDescription

/// Benchmarks live in their own package so the main package's build stays light.
let package = Package(
    name: "CombineByTestsBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "CombineByTests", path: ".."),
        .package(
            url: "https://github.com/ordo-one/benchmark",
            from: "1.38.1",
            traits: ["MallocInterposer"]
        ),
    ],
    targets: [
        .executableTarget(
            name: "CustomCombineBenchmarks",
            dependencies: [
                .product(name: "CustomCombine", package: "CombineByTests"),
                .product(name: "WorkbookEngine", package: "CombineByTests"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/CustomCombineBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        )
    ]
)
