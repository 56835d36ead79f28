import Foundation

/// Writes a file all at once: a temporary file beside it, then a rename, so a reader (the
/// build, an editor) never sees half a file and a failure leaves the old one intact.
package enum AtomicFile {
    /// Replaces (or creates) the file at `url` with `data`. With `replacing` false the
    /// write fails if a file is already there, even one created a moment ago by someone
    /// else: the temporary file is hard-linked into place, which never clobbers. With
    /// `permissions`, the file gets that mode before it is placed (a rewritten file keeps
    /// its own).
    package static func write(
        _ data: Data, to url: URL, replacing: Bool = true, permissions: Int? = nil
    ) throws {
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(
                ".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp")
        try data.write(to: temporary)
        if let permissions {
            do {
                try FileManager.default.setAttributes(
                    [.posixPermissions: NSNumber(value: permissions)],
                    ofItemAtPath: temporary.path)
            } catch {
                try? FileManager.default.removeItem(at: temporary)
                throw error
            }
        }
        defer { if !replacing { unlink(temporary.path) } }
        let placed = replacing ? rename(temporary.path, url.path) : link(temporary.path, url.path)
        if placed != 0 {
            let code = errno
            try? FileManager.default.removeItem(at: temporary)
            throw CocoaError(
                code == EEXIST ? .fileWriteFileExists : .fileWriteUnknown,
                userInfo: [NSFilePathErrorKey: url.path])
        }
    }
}
