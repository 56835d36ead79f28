/// What loading a workbook found: the chapters that are valid, the ones that are not (each
/// with its own problems), and the problems that belong to no one chapter.
struct LoadedWorkbook: Sendable {
    /// The valid chapters, in file order.
    var chapters: [Chapter] = []
    /// The chapters that could not be loaded, in file order, with what is wrong in each and
    /// the ``ChapterDigest`` of the bytes read (empty when they could not be read).
    var invalid: [(file: ChapterFile, problems: [Diagnostic], digest: String)] = []
    /// Problems of the workbook as a whole: no chapter can be trusted while one is there.
    var problems: [Diagnostic] = []
}
