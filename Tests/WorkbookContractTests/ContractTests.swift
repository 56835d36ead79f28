import Foundation
import WorkbookContract
import XCTest

/// `Package.swift` cannot import the contract, so it spells the keys and names as literals:
/// these tests hold every manifest and script of the repository to the contract.
final class ContractTests: XCTestCase {
    private static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    private func text(_ path: String) throws -> String {
        try String(contentsOf: Self.repository.appendingPathComponent(path), encoding: .utf8)
    }

    /// The `WORKBOOK_…` words of `text`.
    private func keys(in text: String) -> Set<String> {
        var found: Set<String> = []
        var rest = text[...]
        while let start = rest.firstRange(of: "WORKBOOK_") {
            let word = rest[start.lowerBound...].prefix { $0.isUppercase || $0 == "_" }
            found.insert(String(word))
            rest = rest[start.upperBound...]
        }
        return found
    }

    func testThePackageManifestReadsExactlyTheManifestKeys() throws {
        let manifest = try text("Package.swift")
        let read = Set(
            manifest.matches(of: /environment\["(WORKBOOK_[A-Z_]+)"\]/).map { String($0.1) })
        XCTAssertEqual(read, WorkbookEnvironment.manifestKeys)
        XCTAssertTrue(
            manifest.contains(#".define("\#(WorkbookEnvironment.mineCondition)")"#),
            "the chapters built against the workbench get the condition the generator tests")
        XCTAssertTrue(keys(in: manifest).isSubset(of: WorkbookEnvironment.allKeys))
    }

    func testThePackageManifestFindsChapterModulesByTheirNames() throws {
        let manifest = try text("Package.swift")
        for literal in [
            #""\#(ChapterNaming.generatedFolder)""#,
            #"hasPrefix("\#(ChapterNaming.modulePrefix)")"#,
            #"hasSuffix("\#(ChapterNaming.moduleSuffix)")"#,
        ] {
            XCTAssertTrue(manifest.contains(literal), "Package.swift no longer has \(literal)")
        }
        XCTAssertTrue(ChapterNaming.isModule(ChapterNaming.module(chapter: "03")))
        XCTAssertEqual(
            ChapterNaming.testIdentifier(module: "Chapter03Tests", test: "testA"),
            "Chapter03Tests.Chapter03Tests/testA")
    }

    /// Every `WORKBOOK_` word in the test fixtures' manifests, the scripts and CI is a key
    /// of the contract (a misspelt key is silently never set).
    func testEveryScriptAndFixtureSpeaksTheContract() throws {
        let paths = [
            ".ci/run", ".github/workflows/ci.yml", "Tools/check-apple-api.sh",
            "Tools/check-exercises.sh", "Tools/sanitize.sh",
            "Tests/WorkbookEngineTests/Fixtures/runner/Package.swift",
            "Tests/WorkbookEngineTests/Fixtures/followalong/Package.swift",
            "Tests/WorkbookEngineTests/Fixtures/apple-api/Package.swift",
        ]
        for path in paths {
            let found = keys(in: try text(path))
            XCTAssertTrue(
                found.isSubset(of: WorkbookEnvironment.allKeys),
                "\(path): \(found.subtracting(WorkbookEnvironment.allKeys).sorted()) not in the contract"
            )
        }
    }

    func testAnOutputCheckSurvivesTheTripBetweenProcesses() {
        let records = [
            OutputCheckRecord(file: "Chapters/01-x.md", line: 7, actual: "a\n\"b\"", matched: true),
            OutputCheckRecord(file: "Chapters/02-y.md", line: 9, actual: "", matched: false),
        ]
        let file = records.compactMap(\.encodedLine).map { String(decoding: $0, as: UTF8.self) }
            .joined()
        XCTAssertEqual(OutputCheckRecord.decodeLines(file + "{\"cut short"), records)
    }

    func testAnObservationRecordIsALineOfItsOwn() throws {
        let record = ObservationRecord(
            file: "Chapters/05-x.md", line: 12, behavior: "b", implementation: "i",
            observed: "1\n2", recorded: [.init(implementation: "o", value: "[1]")])
        let line = String(decoding: try XCTUnwrap(record.encodedLine), as: UTF8.self)
        XCTAssertTrue(line.hasPrefix("\n" + ObservationRecord.marker))
        let parsed = line.split(separator: "\n").compactMap { ObservationRecord.parse($0) }
        XCTAssertEqual(parsed, [record])
    }
}
