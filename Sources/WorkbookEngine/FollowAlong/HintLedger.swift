import Foundation

/// How many hints of each chapter the reader has seen, kept beside the build
/// (`.build/workbook-hints.json`) so that nothing is written into the reader's Workbench/
/// or the chapters; `workbook hint` shows the next one.
package struct HintLedger {
    /// What one call of `workbook hint NN` shows.
    package enum Step: Equatable, Sendable {
        /// The next hint, its number (from 1) and how many there are.
        case hint(Hint, number: Int, count: Int)
        /// Every hint was shown already; there are `count`.
        case noMore(count: Int)
    }

    /// Where the ledger is kept, relative to the root.
    static let path = ".build/workbook-hints.json"

    private let url: URL
    private var shown: [String: Int]

    /// The ledger of the workbook at `root`.
    init(root: URL) {
        url = root.appendingPathComponent(Self.path)
        shown =
            (try? JSONDecoder().decode([String: Int].self, from: Data(contentsOf: url))) ?? [:]
    }

    /// How many hints of chapter `chapter` (`03`) were shown.
    subscript(chapter: String) -> Int {
        get { shown[chapter] ?? 0 }
        set { shown[chapter] = newValue }
    }

    /// The hint after the last one shown of `hints` (chapter `chapter`'s), counted as shown.
    mutating func next(of hints: [Hint], chapter: String) throws -> Step {
        let seen = self[chapter]
        guard seen < hints.count else { return .noMore(count: hints.count) }
        self[chapter] = seen + 1
        try save()
        return .hint(hints[seen], number: seen + 1, count: hints.count)
    }

    /// Forgets which hints of chapter `chapter` were shown.
    mutating func reset(chapter: String) throws {
        self[chapter] = 0
        try save()
    }

    /// Writes the ledger.
    func save() throws {
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try JSONEncoder().encode(shown).write(to: url, options: .atomic)
    }
}
