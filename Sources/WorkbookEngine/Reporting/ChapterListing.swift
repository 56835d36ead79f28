/// What `workbook list` prints: per chapter, its blocks with their lines and roles and its
/// tests, so a block the checker did not recognise as Swift shows by its absence.
enum ChapterListing {
    /// The listing of `chapters`.
    static func render(_ chapters: [Chapter]) -> String {
        var lines: [String] = []
        for chapter in chapters {
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
            lines.append(
                "\(chapter.file.relativePath): \(counts.compiled) compiled (\(counts.example) example), \(counts.excerpt) excerpt, \(counts.ignored) ignored, \(chapter.tests.count) test(s)"
            )
            let entries =
                chapter.blocks.map { (line: $0.fenceLine, text: describe($0)) }
                + MarbleListing.entries(of: chapter)
            for entry in entries.sorted(by: { $0.line < $1.line }) {
                lines.append("  line \(entry.line): \(entry.text)")
            }
            for test in chapter.tests {
                lines.append("  \(chapter.file.moduleName).\(test.name)")
            }
        }
        return lines.map { $0 + "\n" }.joined()
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
