@testable import WorkbookEngine

/// For tests that load a workbook and generate or check it in one breath: the loader's root
/// handed to the generation stage (``WorkbookGenerator``), which the commands call directly.
extension WorkbookLoader {
    @discardableResult
    func generate(_ chapters: [Chapter]) throws -> [String] {
        try WorkbookGenerator(root: root).generate(chapters)
    }

    func plan(for chapters: [Chapter]) -> GenerationPlan {
        WorkbookGenerator(root: root).plan(for: chapters)
    }

    func problems(of chapters: [Chapter]) -> [Diagnostic] {
        WorkbookGenerator(root: root).problems(of: chapters)
    }
}
