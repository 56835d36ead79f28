import Foundation
import XCTest

@testable import WorkbookEngine

/// Adversarial chapters the assembler must refuse at their Markdown line (issue 20): code
/// XCTest would run as tests the workbook never sees, and a `#sourceLocation` that would
/// move the compiler's errors out of the chapter.
final class AdversarialAssemblyTests: XCTestCase {
    private func diagnostics(_ chapter: String) throws -> [String] {
        try Fixtures.loadingProblems(["Chapters/01-bad.md": Data(chapter.utf8)], for: self)
    }

    func testATestMethodInAnExtensionOfTheChaptersTestCaseIsRefusedAtItsLine() throws {
        let found = try diagnostics(
            """
            # A

            ```swift
            extension Chapter01Tests {
                func testHidden() {
                    XCTFail("never seen")
                }
                func helper() {}
            }
            ```

            ```swift
            extension XCTest.XCTestCase {
                func testEverywhere() {}
            }
            ```

            """)
        XCTAssertEqual(found.count, 2, "\(found)")
        XCTAssertTrue(
            found[0].hasPrefix(
                "Chapters/01-bad.md:5: error: test method 'testHidden()' in an extension of Chapter01Tests"
            ), "\(found)")
        XCTAssertTrue(
            found[1].hasPrefix(
                "Chapters/01-bad.md:14: error: test method 'testEverywhere()' in an extension of XCTestCase"
            ), "\(found)")
    }

    func testASecondXCTestCaseSubclassIsRefusedAtItsLine() throws {
        let found = try diagnostics(
            """
            # A

            ```swift
            final class Other: XCTestCase {
                func testHidden() {}
            }
            ```

            ```swift test
            func testA() {
                class Nested: XCTest.XCTestCase {}
            }
            ```

            """)
        XCTAssertEqual(
            found,
            [
                "Chapters/01-bad.md:4: error: class 'Other' derives from XCTestCase: XCTest would run its tests, which the workbook neither runs nor reports; write tests in a `swift test` block",
                "Chapters/01-bad.md:11: error: class 'Nested' derives from XCTestCase: XCTest would run its tests, which the workbook neither runs nor reports; write tests in a `swift test` block",
            ])
    }

    func testSourceLocationInASnippetIsRefusedAtItsLine() throws {
        let found = try diagnostics(
            """
            # A

            ```swift test
            func testA() {
            #sourceLocation()
                let x: Int = "no"
            }
            ```

            """)
        XCTAssertEqual(found.count, 1, "\(found)")
        XCTAssertTrue(
            found[0].hasPrefix("Chapters/01-bad.md:5: error: `#sourceLocation` is reserved"),
            "\(found)")
    }

    /// Issue 20, item 3: the generated code calls the runtime module-qualified, so a type
    /// named like the module would stand in for it; it is refused.
    func testATypeNamedLikeTheRuntimeModuleIsRefusedAtItsLine() throws {
        let found = try diagnostics(
            """
            # A

            ```swift
            enum WorkbookRuntime {
                static func assertOutput(_ a: String, matches b: String) {}
            }
            ```

            """)
        XCTAssertEqual(
            found,
            [
                "Chapters/01-bad.md:4: error: a type named WorkbookRuntime would hide the module the generated test calls (its output and diagram checks among them); rename it"
            ])
        let timelines = try diagnostics(
            """
            # A

            ```swift
            struct WorkbookTimelines {}
            ```

            """)
        XCTAssertEqual(
            timelines,
            [
                "Chapters/01-bad.md:4: error: a type named WorkbookTimelines would hide the module the generated test calls (its output and diagram checks among them); rename it"
            ])
    }

    /// What is not a hidden test stays accepted: a class merely named `XCTestCase` (the
    /// generated class names XCTest's own, module-qualified), helpers in an extension,
    /// `class func`, classes deriving from anything else, and the words in strings and
    /// comments.
    func testLookalikesAreAccepted() throws {
        let found = try diagnostics(
            """
            # A

            ```swift
            class XCTestCase {}
            class Base {
                class func make() -> Base { Base() }
            }
            final class Sub: Base {}
            extension Chapter01Tests {
                func helper() {}
                static func testFactory() {}
                func testWith(_ value: Int) {}
            }
            // class Fake: XCTestCase { func testX() {} }
            let text = "extension Chapter01Tests { func testY() {} } #sourceLocation()"
            ```

            """)
        XCTAssertEqual(found, [])
    }
}
