// swift-tools-version: 6.0
import Foundation
import PackageDescription

// A small workbook for the follow-along end-to-end tests, with the same mechanism as the
// real manifest: WORKBOOK_MINE=1 builds the chapters against the reader's Workbench/.
// The test copies the real Sources/WorkbookRuntime, Sources/OutputMatching and
// Sources/WorkbookContract beside it.
let environment = ProcessInfo.processInfo.environment
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
let mine =
    environment["WORKBOOK_MINE"] == "1"
    && FileManager.default.fileExists(
        atPath: root.appendingPathComponent("Workbench/Workbench.swift").path)
let excluded = Set(
    (environment["WORKBOOK_EXCLUDED_CHAPTERS"] ?? "").split(separator: ",").map(String.init))
let names = (try? FileManager.default.contentsOfDirectory(
    atPath: root.appendingPathComponent("Tests/Chapters").path)) ?? []
let chapters: [Target] = names.filter { $0.hasPrefix("Chapter") && !excluded.contains($0) }
    .sorted()
    .map {
        .testTarget(
            name: $0,
            dependencies: ["CustomCombine", "WorkbookRuntime"] + (mine ? ["Workbench"] : []),
            path: "Tests/Chapters/\($0)",
            swiftSettings: [.swiftLanguageMode(.v5)] + (mine ? [.define("WORKBOOK_MINE")] : []))
    }
// As in the real manifest, Workbench/Parked/ (`workbook exercise NN --park`) is not compiled.
let parked =
    FileManager.default.fileExists(atPath: root.appendingPathComponent("Workbench/Parked").path)
    ? ["Parked"] : []
let workbench: [Target] =
    mine
    ? [
        .target(
            name: "Workbench", dependencies: ["CustomCombine"], path: "Workbench", exclude: parked)
    ] : []

let package = Package(
    name: "FollowAlongFixture",
    targets: [
        .target(name: "CustomCombine"),
        .target(name: "OutputMatching"),
        .target(name: "WorkbookContract"),
        .target(name: "WorkbookRuntime", dependencies: ["OutputMatching", "WorkbookContract"]),
    ] + workbench + chapters
)
