import Foundation

extension Workbook {
    /// `workbook test`: runs `request` through every stage with `swift build` and child
    /// processes (see ``TestPipeline``). `scratchPath` goes to `swift build`; `log` gets the
    /// lines shown before the build.
    package func test(
        _ request: TestRequest, scratchPath: String? = nil, log: @escaping (String) -> Void
    ) throws(TestPipelineError) -> TestRun {
        try TestPipeline.live(root: root, scratchPath: scratchPath, log: log).run(request)
    }
}
