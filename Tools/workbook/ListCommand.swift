import ArgumentParser
import WorkbookEngine

/// `workbook list`: what each chapter contains.
struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List chapters: every Swift block with its line and role, and the tests.",
        discussion: """
            Each block line reads `  line N: ROLE`, with `(hidden)` for an HTML-comment \
            block and `group NAME` for a group part, so a block the checker did not \
            recognise as Swift shows by its absence.

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
            for block in chapter.blocks {
                print("  line \(block.fenceLine): \(Self.describe(block))")
            }
            for name in chapter.testNames {
                print("  \(chapter.file.moduleName).\(name)")
            }
        }
    }

    /// `test`, `example NAME`, `excerpt PATH#REGION`, ... with group and hidden marks.
    static func describe(_ block: Block) -> String {
        var text: String
        switch block.role {
        case .declarations: text = "declarations"
        case .test: text = "test"
        case .example(let name): text = name.map { "example \($0)" } ?? "example"
        case .excerpt(let reference): text = "excerpt \(reference)"
        case .ignore: text = "ignore"
        }
        if let group = block.group { text += ", group \(group)" }
        if block.isHidden { text += " (hidden)" }
        return text
    }
}
