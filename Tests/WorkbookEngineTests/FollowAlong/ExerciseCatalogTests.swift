import Foundation
import XCTest

@testable import WorkbookEngine

/// The workbook's own exercises: every starter's pointers lead to a section that exists,
/// and every exercise chapter offers its exercise and has hints, so a renamed heading or a
/// dropped hint cannot leave a learner pointed at nothing.
final class ExerciseCatalogTests: XCTestCase {
    private let root = Fixtures.repository

    func testEveryComponentChapterHasAnExercise() throws {
        let chapters = try ExerciseCatalog.load(root: root).map(\.chapter)
        XCTAssertEqual(
            chapters,
            ["00", "02", "03", "04", "05", "07", "08", "10", "12", "13", "14", "15", "16", "17"])
    }

    func testEveryStarterPointsAtAnExistingSection() throws {
        let pattern = try NSRegularExpression(pattern: #"see:\s*"(Chapters/[^"]+?\.md), '(.+?)'""#)
        for exercise in try ExerciseCatalog.load(root: root) {
            for component in exercise.components {
                let starter = try String(
                    contentsOf: root.appendingPathComponent(component.starterPath), encoding: .utf8)
                let range = NSRange(starter.startIndex..., in: starter)
                let pointers = pattern.matches(in: starter, range: range).map { match in
                    (
                        String(starter[Range(match.range(at: 1), in: starter)!]),
                        String(starter[Range(match.range(at: 2), in: starter)!])
                    )
                }
                XCTAssertFalse(pointers.isEmpty, "\(component.starterPath) points nowhere")
                for (chapter, heading) in pointers {
                    let text = try String(
                        contentsOf: root.appendingPathComponent(chapter), encoding: .utf8)
                    let headings = text.split(separator: "\n").filter { $0.hasPrefix("#") }.map {
                        $0.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces)
                    }
                    XCTAssertTrue(
                        headings.contains(heading),
                        "\(component.starterPath): no heading '\(heading)' in \(chapter)")
                }
            }
        }
    }

    func testEveryExerciseChapterOffersItsExerciseAndHints() throws {
        let files = try FileManager.default.contentsOfDirectory(
            atPath: root.appendingPathComponent("Chapters").path)
        for exercise in try ExerciseCatalog.load(root: root) {
            let name = try XCTUnwrap(files.first { $0.hasPrefix("\(exercise.chapter)-") })
            let text = try String(
                contentsOf: root.appendingPathComponent("Chapters/\(name)"), encoding: .utf8)
            XCTAssertTrue(
                text.contains("workbook exercise \(exercise.chapter)"),
                "\(name) does not offer its exercise")
            let chapter = try WorkbookLoader(root: root).load(ChapterFile(fileName: name))
            XCTAssertGreaterThanOrEqual(chapter.hints.count, 2, "\(name) has too few hints")
        }
    }
}
