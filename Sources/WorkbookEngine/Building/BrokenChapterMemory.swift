import Foundation

/// The chapters that did not compile at the last successful build, each with the generated
/// source that failed, kept in the build folder (`workbook-broken-chapters.json`): a chapter
/// the learner did not ask for, still broken and unchanged, is left out of the next build
/// from the start instead of costing a failed build and a relink every run.
struct BrokenChapterMemory {
    /// One remembered chapter.
    struct Entry: Codable, Equatable {
        /// The generated Swift that failed, `nil` if it could not be read.
        let source: String?
        /// The compiler's errors, located in the chapter.
        let errors: [String]
    }

    /// The file, in the build folder.
    let url: URL

    /// The memory of the build writing to `scratchDirectory`.
    init(scratchDirectory: URL) {
        url = scratchDirectory.appendingPathComponent("workbook-broken-chapters.json")
    }

    /// What was remembered, by chapter module; nothing when the file is missing or unreadable.
    func load() -> [String: Entry] {
        (try? JSONDecoder().decode([String: Entry].self, from: Data(contentsOf: url))) ?? [:]
    }

    /// Remembers `entries` (replacing what was there); a failure to write only costs the
    /// next run a build.
    func save(_ entries: [String: Entry]) {
        try? FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? JSONEncoder().encode(entries).write(to: url, options: .atomic)
    }
}
