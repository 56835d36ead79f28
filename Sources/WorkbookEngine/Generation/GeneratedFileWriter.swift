import Foundation

/// Applies a generation plan: writes only changed files, each atomically (temporary file
/// and rename, so the build never sees half a file), and deletes only orphans that carry
/// the generated header.
enum GeneratedFileWriter {
    /// Writes and deletes what `plan` says under `root`; returns the paths it touched.
    @discardableResult
    static func apply(_ plan: GenerationPlan, root: URL) throws -> [String] {
        guard plan.inTheWay.isEmpty else {
            throw DiagnosticList(
                plan.problems.filter { problem in
                    plan.inTheWay.contains { $0.path == problem.file }
                })
        }
        let manager = FileManager.default
        var touched: [String] = []
        for file in plan.missing + plan.stale {
            let url = root.appendingPathComponent(file.path)
            try manager.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try AtomicFile.write(Data(file.contents.utf8), to: url)
            touched.append(file.path)
        }
        for path in plan.orphaned {
            let url = root.appendingPathComponent(path)
            guard GenerationPlan.isGenerated(url) else { continue }
            try manager.removeItem(at: url)
            touched.append(path)
            let folder = url.deletingLastPathComponent()
            if (try? manager.contentsOfDirectory(atPath: folder.path))?.isEmpty == true {
                try manager.removeItem(at: folder)
            }
        }
        return touched
    }
}
