import WorkbookContract
import XCTest

@testable import WorkbookEngine

/// SwiftPM keys its cached manifests and compiled plugins by the whole environment: the build
/// must see the same one from any folder and through `swift run` or the built tool alike.
final class SwiftBuildEnvironmentTests: XCTestCase {
    private let request = BuildRequest(
        chapterModules: ["Chapter01Tests", "Chapter02Tests"], excluded: ["Chapter02Tests"],
        mine: false)

    func testWhatAShellChangesPerCommandIsNotPassedOn() {
        let fromHere = SwiftBuild.environment(
            for: request,
            inherited: [
                "PATH": "/usr/bin", "HOME": "/root", "_": "/usr/bin/swift", "PWD": "/w",
                "OLDPWD": "/", "SHLVL": "1",
            ])
        let fromElsewhere = SwiftBuild.environment(
            for: request,
            inherited: [
                "PATH": "/usr/bin", "HOME": "/root", "_": ".build/debug/workbook",
                "PWD": "/w/Chapters", "OLDPWD": "/w", "SHLVL": "2",
            ])
        XCTAssertEqual(fromHere, fromElsewhere)
        XCTAssertEqual(fromHere["PATH"], "/usr/bin")
        XCTAssertEqual(fromHere["HOME"], "/root")
        XCTAssertNil(fromHere["_"])
    }

    func testTheWorkbooksVariablesDescribeTheRequest() {
        let environment = SwiftBuild.environment(
            for: BuildRequest(
                chapterModules: ["A", "B"], excluded: ["B"], mine: true, parked: ["Chapter03"]),
            inherited: [WorkbookEnvironment.mine: "0"])
        XCTAssertEqual(environment[WorkbookEnvironment.chapterTargets], "A,B")
        XCTAssertEqual(environment[WorkbookEnvironment.excludedChapters], "B")
        XCTAssertEqual(environment[WorkbookEnvironment.chaptersOnly], "1")
        XCTAssertEqual(environment[WorkbookEnvironment.mine], "1")
        XCTAssertEqual(environment[WorkbookEnvironment.parkedChapters], "Chapter03")
    }
}
