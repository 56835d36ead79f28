import Benchmark
import Foundation
import WorkbookEngine

/// Issue item 6: what `workbook generate` costs, on this workbook and on a synthetic one of
/// 100 chapters with 20 snippets each. Each run works in a temporary copy made before the
/// measurement, so the benchmark never writes into the repository. "fresh tree" writes every
/// test file; "up to date" generates once unmeasured, then measures the run that finds
/// nothing to change, the common case while editing a chapter's prose.
func registerWorkbookBenchmarks() {
    let once = Benchmark.Configuration(
        metrics: [.wallClock, .instructions, .mallocCountTotal, .peakMemoryResident],
        scalingFactor: .one,
        maxDuration: .seconds(3),
        maxIterations: 200
    )
    for upToDate in [false, true] {
        let state = upToDate ? "up to date" : "fresh tree"
        Benchmark("workbook/generate, all chapters, \(state)", configuration: once) { benchmark in
            let root = try copyOfThisWorkbook()
            defer { try? FileManager.default.removeItem(at: root) }
            try measureGenerate(benchmark, root: root, upToDate: upToDate)
        }
        Benchmark("workbook/generate, 100 chapters x 20 snippets, \(state)", configuration: once) {
            benchmark in
            let root = try syntheticWorkbook(chapters: 100, snippets: 20)
            defer { try? FileManager.default.removeItem(at: root) }
            try measureGenerate(benchmark, root: root, upToDate: upToDate)
        }
    }
}

/// What `swift run workbook generate` does: load and validate every chapter, render the
/// test files, compare them with the tree, write what changed.
private func measureGenerate(_ benchmark: Benchmark, root: URL, upToDate: Bool) throws {
    if upToDate {
        try generate(root: root)
    }
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
        let chapters = try WorkbookLoader(root: root).chapters()
        try WorkbookGenerator(root: root).generate(chapters)  // plans, then writes what changed
        blackHole(chapters.count)
    }
    benchmark.stopMeasurement()
    let after = try WorkbookLoader(root: root).chapters()
    let plan = GenerationPlan(expected: WorkbookGenerator.files(for: after), root: root)
    precondition(plan.isUpToDate, "generate left the tree out of date")
}

private func generate(root: URL) throws {
    blackHole(try WorkbookGenerator(root: root).generate(WorkbookLoader(root: root).chapters()))
}

/// The repository root, found from this file's place in it.
private let repositoryRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()  // CustomCombineBenchmarks
    .deletingLastPathComponent()  // Benchmarks
    .deletingLastPathComponent()  // Benchmarks package
    .deletingLastPathComponent()

private func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory
        .appendingPathComponent("workbook-benchmark-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// The chapters, the library sources their excerpts show, and the generated tests.
private func copyOfThisWorkbook() throws -> URL {
    let root = try temporaryDirectory()
    for folder in ["Chapters", "Sources", "Tests/Chapters"] {
        let target = root.appendingPathComponent(folder)
        try FileManager.default.createDirectory(
            at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: repositoryRoot.appendingPathComponent(folder), to: target)
    }
    return root
}

/// A workbook of `chapters` chapters, each with `snippets` code blocks: half of them
/// declarations, half of them tests using those declarations, with prose in between.
private func syntheticWorkbook(chapters: Int, snippets: Int) throws -> URL {
    let root = try temporaryDirectory()
    let folder = root.appendingPathComponent("Chapters")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    for chapter in 0..<chapters {
        var text = "# Chapter \(chapter)\n\nA synthetic chapter for the benchmark.\n\n"
        for snippet in 0..<snippets {
            text += "## Part \(snippet)\n\nSome prose about `Box\(snippet / 2)`.\n\n"
            if snippet.isMultiple(of: 2) {
                text += """
                    ```swift
                    struct Box\(snippet / 2) {
                        var value: Int
                        func doubled() -> Int { value * 2 }
                    }
                    ```


                    """
            } else {
                text += """
                    ```swift test
                    func testBox\(snippet / 2)() {
                        let box = Box\(snippet / 2)(value: \(snippet))
                        XCTAssertEqual(box.doubled(), \(snippet * 2))
                    }
                    ```


                    """
            }
        }
        let name = String(format: "%02d-synthetic-%d.md", chapter, chapter)
        try Data(text.utf8).write(to: folder.appendingPathComponent(name))
    }
    return root
}
