// swift-tools-version: 6.0
import Foundation
import PackageDescription

// A small workbook for the Apple API check's test: Tools/check-apple-api.sh points
// WORKBOOK_APPLE_COMBINE at its stand-in OpenCombine package, as for the real workbook. The
// test copies the real Sources/WorkbookRuntime, Sources/OutputMatching and
// Sources/WorkbookContract beside it.
let environment = ProcessInfo.processInfo.environment
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
let names = (try? FileManager.default.contentsOfDirectory(
    atPath: root.appendingPathComponent("Tests/Chapters").path)) ?? []
let excluded = Set(
    (environment["WORKBOOK_EXCLUDED_CHAPTERS"] ?? "").split(separator: ",").map(String.init))
let chapters: [Target] = names.filter { $0.hasPrefix("Chapter") && !excluded.contains($0) }
    .sorted().map {
    .testTarget(
        name: $0, dependencies: ["CustomCombine", "WorkbookRuntime"],
        path: "Tests/Chapters/\($0)", swiftSettings: [.swiftLanguageMode(.v5)])
}

let package = Package(
    name: "AppleAPIFixture",
    platforms: [.macOS(.v13)],
    dependencies: [
        environment["WORKBOOK_APPLE_COMBINE"].map { .package(path: $0) }
            ?? .package(url: "https://github.com/OpenCombine/OpenCombine", from: "0.14.0")
    ],
    targets: [
        .target(
            name: "CustomCombine",
            dependencies: [.product(name: "OpenCombineShim", package: "OpenCombine")]),
        .target(name: "OutputMatching"),
        .target(name: "WorkbookContract"),
        .target(name: "WorkbookRuntime", dependencies: ["OutputMatching", "WorkbookContract"]),
    ] + chapters
)
