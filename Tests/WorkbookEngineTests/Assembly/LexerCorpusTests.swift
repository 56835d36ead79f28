import Foundation
import XCTest

@testable import WorkbookEngine

/// Every `.swift` file of this package and of the OpenCombine checkout, wrapped as one
/// block, must scan balanced: real code is never refused. The brace structure must be the
/// compiler's: each top-level `func` found is one the file really declares at the top.
final class LexerCorpusTests: XCTestCase {
    private func swiftFiles(under folder: String) -> [URL] {
        swiftFiles(in: Fixtures.repository.appendingPathComponent(folder))
    }

    /// OpenCombine's checkout, wherever this build keeps it (`.build`, or any
    /// `--scratch-path`): the `checkouts` folder of the scratch folder above the tests.
    private func openCombineFiles() -> [URL] {
        var folder = Bundle(for: type(of: self)).bundleURL
        while folder.pathComponents.count > 1 {
            let checkout = folder.appendingPathComponent("checkouts/OpenCombine")
            if FileManager.default.fileExists(atPath: checkout.path) {
                return swiftFiles(in: checkout)
            }
            folder = folder.deletingLastPathComponent()
        }
        XCTFail("no checkouts/OpenCombine above \(Bundle(for: type(of: self)).bundleURL.path)")
        return []
    }

    private func swiftFiles(in base: URL) -> [URL] {
        guard let enumerator = FileManager.default.enumerator(atPath: base.path) else { return [] }
        var files: [URL] = []
        while let path = enumerator.nextObject() as? String {
            // Build folders (`.build`, `.build-tsan`, a nested package's) hold copies.
            let inBuildFolder = path.split(separator: "/").contains { $0.hasPrefix(".build") }
            if path.hasSuffix(".swift"), !inBuildFolder {
                files.append(base.appendingPathComponent(path))
            }
        }
        return files
    }

    private func assertScansBalanced(_ files: [URL], minimum: Int) throws {
        XCTAssertGreaterThanOrEqual(files.count, minimum, "corpus missing")
        for url in files {
            let text = try String(contentsOf: url, encoding: .utf8)
            let scan = SwiftLexer.scan([(text, 1)])
            XCTAssertTrue(
                scan.isBalanced,
                "\(url.path): unmatched \(scan.unmatchedClosingLines.prefix(3)), unclosed \(scan.unclosedOpeningLines.prefix(3)), unterminated \(scan.unterminatedWhat ?? "-") at \(scan.unterminatedLine ?? 0)"
            )
            for function in scan.topLevelFunctions {
                let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
                let line = String(lines[function.line - 1])
                XCTAssertTrue(
                    line.contains("func"), "\(url.path):\(function.line): no func on that line")
            }
        }
    }

    func testEveryFileOfThisPackageScansBalanced() throws {
        let folders = ["Sources", "Tools", "Tests", "Benchmarks", "Exercises"]
        try assertScansBalanced(folders.flatMap(swiftFiles(under:)), minimum: 100)
    }

    /// In swift-formatted code a `func` starting at column 0 is exactly a function the
    /// compiler sees at the top level: the lexer must find those and no others.
    private func assertTopLevelFunctionsAreAtColumnZero(_ files: [URL], minimum: Int) throws {
        let modifiers: Set<Substring> = [
            "public", "internal", "private", "fileprivate", "static", "func", "@inlinable",
            "@discardableResult", "@MainActor", "nonisolated", "package", "@usableFromInline",
            "@inline(__always)", "@_transparent",
        ]
        var checked = 0
        for url in files {
            let text = try String(contentsOf: url, encoding: .utf8)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            var expected: [Int] = []
            for (index, line) in lines.enumerated() {
                let words = line.split(separator: " ")
                guard line.first != " ", line.first != "\t",
                    let funcIndex = words.firstIndex(of: "func"),
                    words[..<funcIndex].allSatisfy({ modifiers.contains($0) })
                else { continue }
                expected.append(index + 1)
            }
            let found = SwiftLexer.scan([(text, 1)]).topLevelFunctions.map(\.line)
            XCTAssertEqual(found, expected, url.path)
            checked += expected.count
        }
        XCTAssertGreaterThanOrEqual(checked, minimum, "the corpus should hold top-level functions")
    }

    /// Generated chapter files are not formatted, and fixtures are not swift-formatted.
    func testTopLevelFunctionsAreTheOnesAtColumnZero() throws {
        let folders = ["Sources", "Tools", "Tests", "Benchmarks"]
        try assertTopLevelFunctionsAreAtColumnZero(
            folders.flatMap(swiftFiles(under:)).filter {
                !$0.path.contains("/Fixtures/") && !$0.path.contains("/Tests/Chapters/")
            }, minimum: 10)
    }

    /// OpenCombine is formatted the same way (four spaces a level), so the same rule
    /// checks the lexer's structure on a second code base: nested functions, `#if`
    /// blocks, generics and closures that the lexer must not take for the top level.
    func testTopLevelFunctionsOfOpenCombineAreTheOnesAtColumnZero() throws {
        try assertTopLevelFunctionsAreAtColumnZero(openCombineFiles(), minimum: 20)
    }

    func testEveryFileOfOpenCombineScansBalanced() throws {
        try assertScansBalanced(openCombineFiles(), minimum: 100)
    }

    func testTopLevelFunctionsOfAKnownFileMatchTheCompilers() throws {
        let url = Fixtures.repository.appendingPathComponent(
            "Sources/WorkbookEngine/Assembly/SwiftLexer.swift")
        let scan = SwiftLexer.scan([(try String(contentsOf: url, encoding: .utf8), 1)])
        // The file is one struct: nothing is declared at the top level.
        XCTAssertEqual(scan.topLevelFunctions.map(\.name), [])
    }
}
