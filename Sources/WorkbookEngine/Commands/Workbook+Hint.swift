/// What `workbook hint NN` is asked for.
package enum HintAction: Equatable, Sendable {
    /// The hint after the last one shown.
    case next
    /// Every hint of the chapter.
    case all
    /// Forget which hints were shown.
    case reset
}

/// What `workbook hint NN` shows.
package struct HintAnswer: Equatable, Sendable {
    /// The chapter the hints are in.
    package let chapter: ChapterFile
    /// The hints to show, each with its number and how many there are, or that every hint
    /// was shown already; none after `reset`.
    package let steps: [HintLedger.Step]
}

extension Workbook {
    /// `workbook hint`: the hints of the chapter `selector` names, from the chapter as
    /// loaded (``Chapter/hints``), with the ledger of those shown kept beside the build.
    /// A chapter without hints is an error.
    package func hint(_ selector: String, _ action: HintAction) throws(WorkbookError)
        -> HintAnswer
    {
        let chapter = try chapter(selector)
        let hints = chapter.hints
        guard !hints.isEmpty else {
            throw .failed("\(chapter.file.relativePath) has no hints (<details><summary>Hint ...)")
        }
        var ledger = HintLedger(root: root)
        let number = chapter.file.number
        do {
            switch action {
            case .reset:
                try ledger.reset(chapter: number)
                return HintAnswer(chapter: chapter.file, steps: [])
            case .all:
                return HintAnswer(
                    chapter: chapter.file,
                    steps: hints.enumerated().map {
                        .hint($1, number: $0 + 1, count: hints.count)
                    })
            case .next:
                return HintAnswer(
                    chapter: chapter.file, steps: [try ledger.next(of: hints, chapter: number)])
            }
        } catch {
            throw .failed("cannot keep the hints shown in \(HintLedger.path): \(error)")
        }
    }
}
