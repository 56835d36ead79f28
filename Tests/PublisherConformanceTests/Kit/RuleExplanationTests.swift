import Foundation
import PublisherConformance
import XCTest

/// Each rule's lessons point a learner at sections of the workbook: those sections must
/// exist, so a renamed heading cannot leave the kit pointing nowhere, and a learner is
/// never sent ahead of the chapter they are in.
final class RuleExplanationTests: XCTestCase {
    private let chapters = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Chapters")

    func testEveryLessonIsAnExistingChapterHeading() throws {
        for rule in ConformanceRule.allCases {
            XCTAssertFalse(rule.lessons.isEmpty, "\(rule) has no lesson")
            XCTAssertEqual(
                rule.lessons.map(\.chapter), rule.lessons.map(\.chapter).sorted(),
                "\(rule): lessons in chapter order")
            for lesson in rule.lessons {
                let text = try String(
                    contentsOf: chapters.appendingPathComponent(lesson.file), encoding: .utf8)
                let headings = text.split(separator: "\n").filter { $0.hasPrefix("#") }.map {
                    $0.drop { $0 == "#" }.trimmingCharacters(in: CharacterSet.whitespaces)
                }
                XCTAssertTrue(
                    headings.contains(lesson.heading),
                    "\(rule): no heading '\(lesson.heading)' in \(lesson.file)")
            }
            XCTAssertFalse(rule.inPlainWords.isEmpty)
        }
    }

    /// A demand bug in chapter 3's subject is explained by chapter 2, where demand is first
    /// taught, not by chapter 12; chapter 12 and later get chapter 12.
    func testAPointerNeverGoesBeyondTheCurrentChapter() {
        XCTAssertEqual(
            ConformanceRule.demandBound.explanation(upTo: 3),
            "sent a value nobody asked for, or held back one that was asked for (see "
                + "Chapters/02-subscription-behavior.md, "
                + "'Testing the defaults one by one')")
        XCTAssertEqual(
            ConformanceRule.demandBound.explanation(upTo: 12),
            "sent a value nobody asked for, or held back one that was asked for (see "
                + "Chapters/12-demand.md, "
                + "'A subject drops what nobody asked for')")
        for rule in ConformanceRule.allCases {
            for chapter in 1...18 {
                let (lesson, isLater) = rule.lesson(upTo: chapter)
                XCTAssertEqual(lesson.chapter > chapter, isLater, "\(rule) in chapter \(chapter)")
            }
        }
    }

    /// Every chapter that runs the kit (a hidden `assertConformance`) finds every rule its
    /// component can break taught at or before it: publisher rules from chapter 3 on, the
    /// subscriber rules from chapter 12 on.
    func testEveryChapterThatRunsTheKitHasEveryLessonBehindIt() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: chapters.path)
        var checked = 0
        for file in files.sorted() where file.hasSuffix(".md") {
            let text = try String(
                contentsOf: chapters.appendingPathComponent(file), encoding: .utf8)
            guard text.contains("assertConformance("),
                let chapter = ConformanceRule.chapter(ofFile: "Chapters/\(file)")
            else { continue }
            checked += 1
            let subscriberRules: Set<ConformanceRule> = [
                .secondSubscription, .requestNone, .cancellation, .release,
            ]
            var rules = Set<ConformanceRule>()
            // A call, `assertConformance(.subject(...` or over two lines; not prose that names
            // the call as `assertConformance(...)`, as chapter 00 does.
            if text.contains("assertConformance(\n        .")
                || text.range(of: #"assertConformance\(\.[a-z]"#, options: .regularExpression)
                    != nil
            {
                rules.formUnion(ConformanceRule.publisherRules)
            }
            if text.contains("SubscriberHarness(") { rules.formUnion(subscriberRules) }
            for rule in rules {
                XCTAssertFalse(
                    rule.lesson(upTo: chapter).isLater,
                    "\(file) runs the kit, but \(rule) is first taught in chapter "
                        + "\(rule.lessons[0].chapter)")
            }
        }
        XCTAssertGreaterThanOrEqual(checked, 9, "chapters running the kit")
    }

    func testTheChapterOfAGeneratedTestIsReadFromItsSourceLocation() {
        XCTAssertEqual(ConformanceRule.chapter(ofFile: "Chapters/03-custom-subject.md"), 3)
        XCTAssertEqual(ConformanceRule.chapter(ofFile: "/repo/Chapters/12-demand.md"), 12)
        XCTAssertNil(ConformanceRule.chapter(ofFile: "/repo/Tests/X/KitTests.swift"))
    }
}
