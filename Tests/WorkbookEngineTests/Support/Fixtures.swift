import Foundation
import XCTest

@testable import WorkbookEngine

/// Locates the fixture workbooks and builds temporary ones for tests.
enum Fixtures {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    /// This package's root: the real chapters, sources and exercises.
    static let repository = directory.deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// A fixture workbook in the source tree (read-only use).
    static func workbook(_ name: String) -> URL {
        directory.appendingPathComponent(name)
    }

    /// The text of a fixture file.
    static func text(_ path: String) throws -> String {
        try String(contentsOf: directory.appendingPathComponent(path), encoding: .utf8)
    }

    /// A fresh temporary workbook holding `files` (path -> bytes), removed after the test.
    static func temporaryWorkbook(
        _ files: [String: Data], for testCase: XCTestCase
    ) throws -> URL {
        let root = FileManager.default.temporaryDirectory
            .appendingPathComponent("workbook-tests-\(UUID().uuidString)")
        for (path, data) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url)
        }
        testCase.addTeardownBlock { try? FileManager.default.removeItem(at: root) }
        return root
    }

    /// The problems `WorkbookLoader.chapters()` reports for a temporary workbook of `files`,
    /// each as `file:line: error: message`; empty when every chapter is valid.
    static func loadingProblems(
        _ files: [String: Data], for testCase: XCTestCase
    ) throws -> [String] {
        let root = try temporaryWorkbook(files, for: testCase)
        do {
            _ = try WorkbookLoader(root: root).chapters()
            return []
        } catch {
            return error.diagnostics.map(\.description)
        }
    }

    /// A temporary copy of a fixture workbook.
    static func copy(of name: String, for testCase: XCTestCase) throws -> URL {
        let root = FileManager.default.temporaryDirectory
            .appendingPathComponent("workbook-tests-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: workbook(name), to: root)
        testCase.addTeardownBlock { try? FileManager.default.removeItem(at: root) }
        return root
    }

    /// A temporary copy of a fixture workbook that builds, with the real runtime (and its
    /// matcher) copied beside its manifest.
    static func buildableCopy(of name: String, for testCase: XCTestCase) throws -> URL {
        let root = try copy(of: name, for: testCase)
        for module in ["WorkbookRuntime", "OutputMatching", "WorkbookContract"] {
            try FileManager.default.copyItem(
                at: repository.appendingPathComponent("Sources/\(module)"),
                to: root.appendingPathComponent("Sources/\(module)"))
        }
        return root
    }

    /// Every file under `root` with its bytes, to prove that nothing was written.
    static func snapshot(of root: URL) -> [String: Data] {
        var result: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: root.path)
        while let path = enumerator?.nextObject() as? String {
            let url = root.appendingPathComponent(path)
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
            result[path] =
                isDirectory.boolValue ? Data() : FileManager.default.contents(atPath: url.path)
        }
        return result
    }
}
