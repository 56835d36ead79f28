// swift-tools-version: 6.0
import PackageDescription

/// Stands in for OpenCombine when `Tools/check-apple-api.sh` type-checks the workbook
/// against Apple's Combine: its `OpenCombineShim` re-exports a `Combine` module that the
/// script builds from Apple's published interface (found through `-I`), as the real
/// `OpenCombineShim` does on Apple platforms. The directory is named `OpenCombine` so that
/// the workbook's `.product(name: "OpenCombineShim", package: "OpenCombine")` finds it.
let package = Package(
    name: "OpenCombine",
    products: [.library(name: "OpenCombineShim", targets: ["OpenCombineShim"])],
    targets: [.target(name: "OpenCombineShim")]
)
