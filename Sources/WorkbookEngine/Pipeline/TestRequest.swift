import Foundation

/// What `workbook test` (and `watch`, `progress`) asks the pipeline for.
package struct TestRequest: Equatable, Sendable {
    /// Chapter selectors (`03`, `3`, a slug); every chapter when empty.
    var chapters: [String] = []
    /// Build the chosen chapters against the reader's `Workbench/`.
    var mine = false
    /// Seconds each test may run before its process is killed.
    var timeout: Double = 30
    /// Rewrite output blocks whose example printed something else.
    var update = false
    /// Where to write a JUnit report, if anywhere.
    var junit: URL?
    /// Tell the test processes to say more (`WORKBOOK_VERBOSE=1`): the conformance kit then
    /// shows every scenario that broke a rule, not the first and a count.
    var verbose = false
    /// With `mine`, the workbench as the command already read it (`progress`), so that the
    /// run does not read it again; `nil` to read it when the run starts.
    var workbench: WorkbenchReading?

    /// Creates a request; every chapter, against the library, by default.
    package init(
        chapters: [String] = [], mine: Bool = false, timeout: Double = 30, update: Bool = false,
        junit: URL? = nil, verbose: Bool = false
    ) {
        self.chapters = chapters
        self.mine = mine
        self.timeout = timeout
        self.update = update
        self.junit = junit
        self.verbose = verbose
    }
}
