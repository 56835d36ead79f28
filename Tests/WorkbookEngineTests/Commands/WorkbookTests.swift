import Foundation
import XCTest

@testable import WorkbookEngine

/// The engine's one call per command (``Workbook``): which chapter, which exercise and which
/// hint a command means is decided here, so the command line only parses and prints.
final class WorkbookTests: XCTestCase {
    private let hinted = """
        # B

        ## Try it

        <details>
        <summary>Hint 1: first</summary>

        One.

        </details>

        <details>
        <summary>Hint 2: second</summary>

        Two.

        </details>
        """

    /// Chapter 01 has no exercise, 02 has one and two hints, 03 does not load.
    private func workbook() throws -> Workbook {
        Workbook(
            root: try Fixtures.temporaryWorkbook(
                [
                    "Chapters/01-a.md": Data("# A\n".utf8),
                    "Chapters/02-b.md": Data(hinted.utf8),
                    "Chapters/03-c.md": Data("# C\n\n```swift\nlet x = 1\n".utf8),
                    "Exercises/02/Link.swift": Data(
                        "// Solution: Sources/Lib/Link.swift\npublic struct Link {}\n".utf8),
                    "Sources/Lib/Link.swift": Data("public struct Link {}\n".utf8),
                ], for: self))
    }

    /// The error `call` throws; `nil` when it throws none.
    private func error<T>(_ call: () throws -> T) -> WorkbookError? {
        do {
            _ = try call()
            return nil
        } catch {
            guard let error = error as? WorkbookError else {
                XCTFail("not a WorkbookError: \(error)")
                return nil
            }
            return error
        }
    }

    func testTheChaptersExerciseStartsWhileAnotherChapterIsInvalid() throws {
        let workbook = try workbook()
        let outcome = try workbook.exercise("02", .start)
        XCTAssertEqual(outcome.exercise.chapter, "02")
        XCTAssertEqual(
            outcome.change,
            .started(["Workbench/Workbench.swift", "Workbench/Chapter02/Link.swift"]))
        XCTAssertEqual(outcome.replaced, [])
        XCTAssertTrue(
            FileManager.default.fileExists(
                atPath: workbook.root.appendingPathComponent("Workbench/Chapter02/Link.swift").path)
        )
    }

    func testAChapterWithoutAnExerciseNamesTheChaptersThatHaveOne() throws {
        let workbook = try workbook()
        XCTAssertEqual(
            error { try workbook.exercise("1", .start) },
            .failed(
                "chapter 01 builds no component of its own; chapters with an exercise: 02"))
    }

    func testTheChosenChapterMustBeValidAndTheSelectorMustNameOne() throws {
        let workbook = try workbook()
        guard case .invalid(let problems) = error({ try workbook.exercise("03", .start) }) else {
            return XCTFail("an invalid chapter is not an error")
        }
        XCTAssertEqual(problems.map(\.file), ["Chapters/03-c.md"])
        XCTAssertEqual(problems.map(\.line), [3])
        guard case .usage(let message) = error({ try workbook.hint("99", .next) }) else {
            return XCTFail("an unknown chapter is not a usage error")
        }
        XCTAssertTrue(message.hasPrefix("no chapter '99'"), message)
    }

    func testParkingMovesTheFolderAsideAndBack() throws {
        let workbook = try workbook()
        _ = try workbook.exercise("02", .start)
        XCTAssertEqual(
            try workbook.exercise("02", .park).change,
            .parked(from: "Workbench/Chapter02", to: "Workbench/Parked/Chapter02"))
        XCTAssertEqual(
            try workbook.exercise("02", .unpark).change,
            .unparked(from: "Workbench/Parked/Chapter02", to: "Workbench/Chapter02"))
        guard case .invalid(let problems) = error({ try workbook.exercise("02", .unpark) }) else {
            return XCTFail("unparking what is not parked is not an error")
        }
        XCTAssertEqual(problems.map(\.file), ["Workbench/Parked/Chapter02"])
    }

    func testHintsComeFromTheChapterOneAtATime() throws {
        let workbook = try workbook()
        func titles(_ action: HintAction) throws -> [String] {
            try workbook.hint("02", action).steps.map {
                switch $0 {
                case .hint(let hint, let number, let count): "\(hint.title) \(number)/\(count)"
                case .noMore(let count): "no more of \(count)"
                }
            }
        }
        XCTAssertEqual(try titles(.next), ["Hint 1: first 1/2"])
        XCTAssertEqual(try titles(.next), ["Hint 2: second 2/2"])
        XCTAssertEqual(try titles(.next), ["no more of 2"])
        XCTAssertEqual(try titles(.all), ["Hint 1: first 1/2", "Hint 2: second 2/2"])
        XCTAssertEqual(try titles(.reset), [])
        XCTAssertEqual(try titles(.next), ["Hint 1: first 1/2"])
        XCTAssertEqual(try workbook.chapter("02").hints.map(\.line), [5, 12])
        XCTAssertEqual(
            error { try workbook.hint("01", .next) },
            .failed("Chapters/01-a.md has no hints (<details><summary>Hint ...)"))
    }

    func testGenerateCheckAndListStopAtAnyInvalidChapter() throws {
        let workbook = try workbook()
        guard case .invalid(let problems) = error({ try workbook.generate() }) else {
            return XCTFail("generate wrote with an invalid chapter")
        }
        XCTAssertEqual(problems.map(\.file), ["Chapters/03-c.md"])
        XCTAssertNotNil(error { try workbook.check() })
        XCTAssertNotNil(error { try workbook.listing(of: ["01"]) })

        try FileManager.default.removeItem(
            at: workbook.root.appendingPathComponent("Chapters/03-c.md"))
        guard case .invalid(let stale) = error({ try workbook.check() }) else {
            return XCTFail("check passed before generate")
        }
        XCTAssertFalse(stale.isEmpty)
        XCTAssertEqual(try workbook.generate().chapters, 2)
        XCTAssertEqual(try workbook.check(), 2)
        XCTAssertEqual(try workbook.generate().changed, [])
        XCTAssertTrue(try workbook.listing(of: ["b"]).hasPrefix("Chapters/02-b.md"))
        guard case .usage = error({ try workbook.listing(of: ["zz"]) }) else {
            return XCTFail("an unknown chapter is not a usage error")
        }
    }
}
