import Foundation

/// Writes a file all at once: a temporary file beside it, then a rename, so a reader (the
/// build, an editor) never sees half a file and a failure leaves the old one intact.
enum AtomicFile {
    /// Replaces (or creates) the file at `url` with `data`.
    static func write(_ data: Data, to url: URL) throws {
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(
                ".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp")
        try data.write(to: temporary)
        if rename(temporary.path, url.path) != 0 {
            try? FileManager.default.removeItem(at: temporary)
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
        }
    }
}
