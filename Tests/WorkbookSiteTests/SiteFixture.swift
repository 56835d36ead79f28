import Foundation
import XCTest

@testable import WorkbookEngine

/// A temporary workbook with the chapters given, and a site built from it.
struct SiteFixture {
    let root: URL

    /// A workbook whose `Chapters/` holds `chapters` (file name to Markdown).
    init(chapters: [String: String]) throws {
        root = FileManager.default.temporaryDirectory
            .appendingPathComponent("site-fixture-\(UUID().uuidString)")
        let folder = root.appendingPathComponent("Chapters")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("// swift-tools-version: 6.2\n".utf8).write(
            to: root.appendingPathComponent("Package.swift"))
        for (name, text) in chapters {
            try Data(text.utf8).write(to: folder.appendingPathComponent(name))
        }
    }

    /// The site folder under the fixture.
    var site: URL { root.appendingPathComponent("site") }

    /// The text of `page` in the built site.
    func page(_ name: String) throws -> String {
        try String(contentsOf: site.appendingPathComponent(name), encoding: .utf8)
    }

    /// Results decoded from JSON, as the results file holds them.
    static func results(_ json: String) throws -> RecordedResults {
        try JSONDecoder().decode(RecordedResults.self, from: Data(json.utf8))
    }

    func remove() {
        try? FileManager.default.removeItem(at: root)
    }
}
