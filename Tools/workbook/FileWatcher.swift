import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Waits until a `.md` or `.swift` file under some folders is saved: inotify on Linux
/// (an editor that saves through a temporary file and a rename counts, as does a new
/// subfolder), polling of modification times elsewhere. While it waits, Ctrl-C is honoured
/// through `ChildGroups`, so nothing is left behind.
struct FileWatcher {
    let folders: [URL]

    /// Returns when something changed, after a short quiet period so that a save that
    /// touches several files causes one run.
    func waitForChange() {
        #if os(Linux)
        if waitWithInotify() { return }
        #endif
        waitByPolling()
    }

    private static func isWatched(_ name: String) -> Bool {
        (name.hasSuffix(".md") || name.hasSuffix(".swift")) && !name.hasPrefix(".")
    }

    /// Every folder below `folders`, skipping hidden ones (`.build`, editors' folders).
    private func allFolders() -> [URL] {
        var result: [URL] = []
        for folder in folders {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory),
                isDirectory.boolValue
            else { continue }
            result.append(folder)
            let enumerator = FileManager.default.enumerator(
                at: folder, includingPropertiesForKeys: [.isDirectoryKey],
                options: [.skipsHiddenFiles])
            while let url = enumerator?.nextObject() as? URL {
                if (try? url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true {
                    result.append(url)
                }
            }
        }
        return result
    }

    #if os(Linux)
    /// Blocks on inotify; false if inotify is not available.
    private func waitWithInotify() -> Bool {
        let descriptor = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE | IN_MOVED_FROM)
        for folder in allFolders() {
            _ = inotify_add_watch(descriptor, folder.path, mask)
        }
        var changed = false
        var quietUntil: Date?
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            ChildGroups.shared.exitIfInterrupted()
            var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            _ = poll(&request, 1, 100)
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 && Self.eventsTouchWatchedFiles(buffer, count: count) {
                changed = true
                quietUntil = Date().addingTimeInterval(0.15)
            }
            if changed, let quietUntil, Date() >= quietUntil { return true }
        }
    }

    /// Whether any event in the buffer names a watched file or a folder.
    private static func eventsTouchWatchedFiles(_ buffer: [UInt8], count: Int) -> Bool {
        let headerSize = MemoryLayout<inotify_event>.size
        var offset = 0
        while offset + headerSize <= count {
            let (mask, length) = buffer.withUnsafeBytes { raw in
                (
                    raw.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self),
                    Int(raw.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                )
            }
            let nameBytes = buffer[(offset + headerSize)..<min(count, offset + headerSize + length)]
            let name = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
            if mask & UInt32(IN_ISDIR) != 0 || isWatched(name) { return true }
            offset += headerSize + length
        }
        return false
    }
    #endif

    private func snapshot() -> [String: Date] {
        var result: [String: Date] = [:]
        for folder in allFolders() {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            for name in names where Self.isWatched(name) {
                let path = folder.appendingPathComponent(name).path
                let attributes = try? FileManager.default.attributesOfItem(atPath: path)
                result[path] = attributes?[.modificationDate] as? Date ?? .distantPast
            }
        }
        return result
    }

    private func waitByPolling() {
        let before = snapshot()
        while true {
            for _ in 0..<3 {
                ChildGroups.shared.exitIfInterrupted()
                usleep(100_000)
            }
            if snapshot() != before { return }
        }
    }
}
