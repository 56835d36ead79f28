/// The outcome of one chapter's tests.
public struct ChapterReport: Equatable, Sendable {
    /// The chapter.
    public let file: ChapterFile
    /// Names of tests that passed.
    public var passed: [String] = []
    /// Names of tests that failed (including crashed ones).
    public var failed: [String] = []
    /// The failures, located in the Markdown.
    public var failures: [TestFailure] = []

    /// An empty report for `file`.
    public init(file: ChapterFile) {
        self.file = file
    }

    /// Splits parsed test output into one report per chapter in `files`.
    public static func reports(from parser: TestOutputParser, files: [ChapterFile])
        -> [ChapterReport]
    {
        files.map { file in
            var report = ChapterReport(file: file)
            let prefix = file.moduleName + "."
            func owned(_ names: [String]) -> [String] {
                names.filter { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) }
            }
            report.passed = owned(parser.passed)
            report.failed = owned(parser.failed) + owned(parser.crashed)
            report.failures = parser.failures.filter { $0.className == file.moduleName }
            for name in owned(parser.crashed) {
                report.failures.append(
                    TestFailure(
                        className: file.moduleName, testName: name, file: file.relativePath,
                        line: 1,
                        message: "\(name) crashed (see the output above)"))
            }
            return report
        }
    }
}
