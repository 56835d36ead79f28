// swift-tools-version: 6.0
import Foundation
import PackageDescription

/// Instruction counts per event under callgrind, which repeat exactly from run to run where
/// wall-clock times wander with the machine's load. `COMBINE_BY_TESTS_PATH` points it at
/// another checkout of the library (an earlier commit), so `instructions.sh` can put
/// before and after side by side in one run.
let libraryPath = ProcessInfo.processInfo.environment["COMBINE_BY_TESTS_PATH"] ?? "../.."

let package = Package(
    name: "InstructionCounts",
    platforms: [.macOS(.v10_15)],
    dependencies: [.package(name: "CombineByTests", path: libraryPath)],
    targets: [
        .executableTarget(
            name: "InstructionCounts",
            dependencies: [.product(name: "CustomCombine", package: "CombineByTests")]
        )
    ]
)
