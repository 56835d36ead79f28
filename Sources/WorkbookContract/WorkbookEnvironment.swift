/// The environment variables that carry the workbook's settings across processes: from
/// `workbook` to `swift build` and the manifest (`Package.swift`), from `workbook` to each
/// test process and the runtime in it, and from CI scripts to both.
///
/// `Package.swift` cannot import this module, so it spells its keys as literals; a test
/// (`ContractTests`) checks that every `WORKBOOK_` literal in the manifests and scripts is
/// one of these.
package enum WorkbookEnvironment {
    /// `1` builds the chapters against the reader's `Workbench/` (`workbook test --mine`);
    /// anything else, or no value, against the library. Also the compilation condition the
    /// manifest defines for the chapter modules in that case (see ``mineCondition``).
    package static let mine = "WORKBOOK_MINE"
    /// The chapter modules the manifest leaves out, comma-separated: chapters not asked for
    /// and chapters that do not compile, so every other chapter still builds.
    package static let excludedChapters = "WORKBOOK_EXCLUDED_CHAPTERS"
    /// `1` leaves the workbook's own test suites out of the manifest, so that the test
    /// bundle `workbook test` builds holds the chapters alone (``excludedChapters`` leaves
    /// out the chapters not asked for).
    package static let chaptersOnly = "WORKBOOK_CHAPTERS_ONLY"
    /// Every chapter module, comma-separated. The manifest does not read it: SwiftPM keys
    /// its cache of the evaluated manifest on the environment, so a changed set of chapter
    /// folders changes the key and the manifest is evaluated again.
    package static let chapterTargets = "WORKBOOK_CHAPTER_TARGETS"
    /// The chapter folders parked in `Workbench/Parked/` (`workbook exercise NN --park`),
    /// comma-separated. The manifest does not read it (it looks at the folder): like
    /// ``chapterTargets`` it changes SwiftPM's cache key for the evaluated manifest, so
    /// parking or unparking is seen by the next build.
    package static let parkedChapters = "WORKBOOK_PARKED_CHAPTERS"
    /// The path of a local package named OpenCombine to build against instead of
    /// OpenCombine (`Tools/check-apple-api.sh` points it at Apple's interface).
    package static let appleCombine = "WORKBOOK_APPLE_COMBINE"
    /// The file each test process appends its output checks to (``OutputCheckRecord``).
    package static let outputChecks = "WORKBOOK_OUTPUT_CHECKS"
    /// The file each test process appends XCTest's structured result to
    /// (``TestEventRecord``), one per test process: the runner's verdict comes from it.
    package static let testResult = "WORKBOOK_TEST_RESULT"
    /// `other` makes the runtime believe it runs on an implementation with no recordings,
    /// so the observation path runs on Linux too.
    package static let combine = "WORKBOOK_COMBINE"
    /// The package `Tools/check-apple-api.sh` checks (this repository by default).
    package static let root = "WORKBOOK_ROOT"
    /// `1`, set by `workbook test --verbose` in each test process: the conformance kit shows
    /// every scenario that broke a rule in full, not the first one and a count.
    package static let verbose = "WORKBOOK_VERBOSE"
    /// A Chromium-family browser's executable for the tests that draw marble pictures,
    /// instead of searching the `PATH` and the Mac's application folders.
    package static let chromium = "WORKBOOK_CHROMIUM"
    /// `1` where the marble pictures must be drawn (`.ci/run`, the workflow): a missing
    /// browser fails those tests instead of skipping them.
    package static let requireBrowser = "WORKBOOK_REQUIRE_BROWSER"

    /// The compilation condition of chapter modules built against the reader's workbench.
    package static let mineCondition = "WORKBOOK_MINE"

    /// The keys `Package.swift` reads.
    package static let manifestKeys: Set<String> = [
        mine, excludedChapters, chaptersOnly, appleCombine,
    ]

    /// Every key of the workbook.
    package static let allKeys: Set<String> = [
        mine, excludedChapters, chaptersOnly, chapterTargets, appleCombine, outputChecks,
        testResult, combine, root, verbose, parkedChapters, chromium, requireBrowser,
    ]
}
