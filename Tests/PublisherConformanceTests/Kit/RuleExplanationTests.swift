import Foundation
import PublisherConformance
import XCTest

/// Each rule's explanation points a learner at a section of the workbook: that section
/// must exist, so a renamed heading cannot leave the kit pointing nowhere.
final class RuleExplanationTests: XCTestCase {
    func testEveryRulePointsAtAnExistingChapterHeading() throws {
        let chapters = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Chapters")
        for rule in ConformanceRule.allCases {
            let (chapter, heading) = rule.taughtIn
            let text = try String(
                contentsOf: chapters.appendingPathComponent(chapter), encoding: .utf8)
            let headings = text.split(separator: "\n").filter { $0.hasPrefix("#") }.map {
                $0.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces)
            }
            XCTAssertTrue(
                headings.contains(heading), "\(rule): no heading '\(heading)' in \(chapter)")
            XCTAssertFalse(rule.inPlainWords.isEmpty)
        }
    }

    func testTheExplanationNamesTheFileAndTheSection() {
        XCTAssertEqual(
            ConformanceRule.demandBound.explanation,
            "sent a value nobody asked for (see Chapters/12-demand.md, 'A subject drops what nobody asked for')"
        )
    }
}
