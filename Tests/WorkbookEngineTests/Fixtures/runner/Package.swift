// swift-tools-version: 6.0
import Foundation
import PackageDescription

// A small workbook for the runner's end-to-end tests. The test copies the real
// Sources/WorkbookRuntime, Sources/OutputMatching and
// Sources/WorkbookContract beside this manifest before building.
let excluded = Set(
    (ProcessInfo.processInfo.environment["WORKBOOK_EXCLUDED_CHAPTERS"] ?? "")
        .split(separator: ",").map(String.init))
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
let names = (try? FileManager.default.contentsOfDirectory(
    atPath: root.appendingPathComponent("Tests/Chapters").path)) ?? []
let chapters: [Target] = names.filter { $0.hasPrefix("Chapter") && !excluded.contains($0) }
    .sorted()
    .map {
        .testTarget(
            name: $0, dependencies: ["CustomCombine", "WorkbookRuntime"],
            path: "Tests/Chapters/\($0)", swiftSettings: [.swiftLanguageMode(.v5)])
    }

let package = Package(
    name: "RunnerFixture",
    targets: [
        .target(name: "CustomCombine"),
        .target(name: "OutputMatching"),
        .target(name: "WorkbookContract"),
        .target(name: "WorkbookRuntime", dependencies: ["OutputMatching", "WorkbookContract"]),
    ] + chapters
)
