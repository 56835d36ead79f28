import ArgumentParser
import WorkbookEngine

/// `workbook list`: what each chapter contains.
struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List chapters with their blocks counted by role and their tests.",
        discussion: """
            Examples:
              swift run workbook list
              swift run workbook list 03
            """
    )

    @OptionGroup var options: WorkbookOptions

    @Argument(help: "Chapters to list (03, 3 or the slug); all by default.")
    var chapters: [String] = []

    func run() throws {
        let all = try options.loadChapters()
        let selected = try ChapterSelection.select(chapters, from: all.map(\.file))
        for chapter in all where selected.contains(chapter.file) {
            var counts = (compiled: 0, excerpt: 0, example: 0, ignored: 0)
            for block in chapter.blocks {
                switch block.role {
                case .declarations, .test: counts.compiled += 1
                case .example:
                    counts.compiled += 1
                    counts.example += 1
                case .excerpt: counts.excerpt += 1
                case .ignore: counts.ignored += 1
                }
            }
            print(
                "\(chapter.file.relativePath): \(counts.compiled) compiled (\(counts.example) example), \(counts.excerpt) excerpt, \(counts.ignored) ignored, \(chapter.testNames.count) test(s)"
            )
            for name in chapter.testNames {
                print("  \(chapter.file.moduleName).\(name)")
            }
        }
    }
}
