import ArgumentParser
import WorkbookEngine

/// `workbook generate`: writes the chapters' test files.
struct GenerateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Write Tests/Chapters/ChapterNNTests/ from Chapters/*.md.",
        discussion: """
            Validates every chapter first and writes nothing if any has an error. Rewrites only \
            files whose content changed (an unchanged chapter is not rebuilt), writes \
            atomically, and writes or deletes only files that carry the generated header: a \
            hand-written file where a generated one would go is an error. Also writes \
            Chapters/README.md, the table of contents with each chapter's test count.

            Examples:
              swift run workbook generate
              swift run workbook generate --root path/to/workbook
            """
    )

    @OptionGroup var options: WorkbookOptions

    func run() throws {
        let (chapters, changed) = try options.run { try $0.generate() }
        print("generated \(chapters) chapter(s), \(changed.count) file(s) changed")
    }
}
