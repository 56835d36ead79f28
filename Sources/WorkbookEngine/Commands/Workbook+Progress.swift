extension Workbook {
    /// `workbook progress`: the exercises, the chapters the reader has started run against
    /// their workbench (quietly, as `workbook test --mine`), and each component's state.
    package func progress(timeout: Double) throws(TestPipelineError) -> Progress {
        let exercises: [Exercise]
        do {
            exercises = try ExerciseCatalog.load(root: root)
        } catch {
            throw .invalid(error.diagnostics)
        }
        return try Progress.measure(
            exercises: exercises, workbench: Workbench(root: root),
            pipeline: try TestPipeline.live(root: root, echoBuild: false), timeout: timeout)
    }
}
