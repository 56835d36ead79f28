import Foundation
import WorkbookEngine

/// `workbook site`: the workbook as a static website, built from the chapters' model (the
/// one the checker loads) and the last run's results (``RecordedResults``). It needs no
/// server and makes no request: pages, style, script and search index are files beside each
/// other, so it works opened from disk and from GitHub Pages alike.
package struct WorkbookSite {
    /// The workbook root.
    let root: URL
    /// The results to show; with none, every listing says "not run yet".
    let results: RecordedResults
    /// A line about where the results come from (a CI run), shown on the status page.
    var provenance: String?

    /// A site of the workbook at `root` with `results`.
    init(root: URL, results: RecordedResults, provenance: String? = nil) {
        self.root = root
        self.results = results
        self.provenance = provenance
    }

    /// What a build wrote.
    package struct Summary: Equatable {
        /// The files written, by name.
        package var files: [String]
        /// Their total size, in bytes.
        package var bytes: Int
    }

    /// Writes the site of `chapters` (as a run loaded them) to `folder` (see ``SiteFolder``
    /// for what it refuses); without them, loads them first. Throws the chapters' problems
    /// as a ``DiagnosticList``.
    @discardableResult
    func build(to folder: URL, chapters loaded: [Chapter]? = nil) throws -> Summary {
        let chapters = try loaded ?? WorkbookLoader(root: root).chapters()
        let templates = try SiteTemplates()
        let pages = Dictionary(
            uniqueKeysWithValues: chapters.map { ($0.file.fileName, Self.page(of: $0)) }
                + [("README.md", "index.html")])
        var files: [String: Data] = [:]
        var indexed: [(title: String, page: String, sections: [SearchSection])] = []
        var rows: [[String: Any]] = []
        let runsByChapter = chapters.map { chapter in
            ChapterRun.runs(
                of: chapter.file.number,
                digest: chapter.digest, in: results)
        }
        let toc = chapters.enumerated().map { index, chapter -> [String: Any] in
            [
                "href": Self.page(of: chapter), "number": chapter.file.number,
                "title": chapter.title, "status": Self.status(of: runsByChapter[index]),
            ]
        }
        for (index, chapter) in chapters.enumerated() {
            let markdown = chapter.text
            let runs = runsByChapter[index]
            let page = ChapterPage(
                chapter: chapter, markdown: markdown, runs: runs, pages: pages,
                diagrams: root.appendingPathComponent("Chapters/\(MarbleFolder.name)"),
                templates: templates)
            let (html, sections) = page.render()
            var context: [String: Any] = ["content": html]
            if index > 0 { context["previous"] = toc[index - 1] }
            if index + 1 < chapters.count { context["next"] = toc[index + 1] }
            let body = templates.render("chapter", context)
            files[Self.page(of: chapter)] = layout(
                templates, title: chapter.title, body: body, toc: toc, current: index)
            indexed.append((chapter.title, Self.page(of: chapter), sections))
            rows.append(
                toc[index].merging(
                    [
                        "runs": runs.map { run -> [String: Any] in
                            [
                                "implementation": run.implementation, "finished": run.finished,
                                "stale": run.isStale, "counts": run.counts.context,
                            ]
                        },
                        "notRunYet": runs.isEmpty,
                    ], uniquingKeysWith: { $1 }))
        }
        let status: [String: Any] = [
            "chapters": rows, "provenance": provenance ?? "", "hasProvenance": provenance != nil,
            "hasResults": !results.chapters.isEmpty, "totals": totals(runsByChapter),
        ]
        files["index.html"] = layout(
            templates, title: "Combine by Tests",
            body: templates.render("index", ["chapters": rows] as [String: Any]), toc: toc,
            current: nil)
        files["status.html"] = layout(
            templates, title: "Status", body: templates.render("status", status), toc: toc,
            current: nil)
        files["search.html"] = layout(
            templates, title: "Search", body: templates.render("search", [:]), toc: toc,
            current: nil)
        files["search-index.js"] = try SearchIndex.script(indexed)
        for asset in SiteTemplates.assets {
            files[asset] = try templates.asset(asset)
        }
        try SiteFolder(url: folder).write(files)
        return Summary(files: files.keys.sorted(), bytes: files.values.map(\.count).reduce(0, +))
    }

    private func layout(
        _ templates: SiteTemplates, title: String, body: String, toc: [[String: Any]],
        current: Int?
    ) -> Data {
        let entries = toc.enumerated().map { index, entry in
            entry.merging(["current": index == current], uniquingKeysWith: { $1 })
        }
        return Data(
            templates.render("layout", ["title": title, "body": body, "toc": entries]).utf8)
    }

    /// The workbook's counts per implementation, over every chapter's last run.
    private func totals(_ runs: [[ChapterRun]]) -> [[String: Any]] {
        var order: [String] = []
        var counts: [String: VerdictCounts] = [:]
        for run in runs.joined() {
            if counts[run.implementation] == nil { order.append(run.implementation) }
            let add = run.counts
            counts[run.implementation, default: VerdictCounts()].merge(add)
        }
        return order.map { ["implementation": $0, "counts": counts[$0]!.context] }
    }

    /// The worst verdict of a chapter's runs, for the table of contents.
    private static func status(of runs: [ChapterRun]) -> String {
        guard !runs.isEmpty else { return Verdict.notRun.rawValue }
        let verdicts = runs.map { run -> Verdict in
            let counts = run.counts
            if counts.failed > 0 { return .failed }
            if counts.notRun > 0 { return .notRun }
            if counts.observed > 0 { return .observed }
            return .passed
        }
        return verdicts.max()!.rawValue
    }

    /// A chapter's page: its Markdown name with `.html`.
    static func page(of chapter: Chapter) -> String {
        String(chapter.file.fileName.dropLast(".md".count)) + ".html"
    }
}
