import ChildProcesses
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reports saves of `.md` and `.swift` files under some folders: inotify on Linux (an
/// editor that saves through a temporary file and a rename counts, as does a new
/// subfolder), polling of modification times elsewhere.
///
/// It is armed when made and stays armed: a save that lands while the tests run, or
/// between a run and the next wait, is waiting in the queue, so it is never lost. While it
/// waits, Ctrl-C is honoured through `ChildGroups`, so nothing is left behind.
final class FileWatcher {
    private let folders: [URL]
    #if os(Linux)
    private let descriptor: Int32
    #endif
    private var snapshot: [String: Date] = [:]

    init(folders: [URL]) {
        self.folders = folders
        #if os(Linux)
        descriptor = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        if descriptor >= 0 {
            addWatches()
        } else {
            snapshot = takeSnapshot()
        }
        #else
        snapshot = takeSnapshot()
        #endif
    }

    deinit {
        #if os(Linux)
        if descriptor >= 0 { close(descriptor) }
        #endif
    }

    /// Returns once something changed since the last return (or since the watcher was
    /// made), after a short quiet period so that a save touching several files is one run.
    func waitForChange() {
        #if os(Linux)
        if descriptor >= 0 {
            waitWithInotify()
            addWatches()  // folders created meanwhile
            return
        }
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
    /// Watches every folder (again: adding a watched folder is harmless).
    private func addWatches() {
        let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE | IN_MOVED_FROM)
        for folder in allFolders() {
            _ = inotify_add_watch(descriptor, folder.path, mask)
        }
    }

    private func waitWithInotify() {
        var quietUntil: Date?
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            ChildGroups.shared.exitIfInterrupted()
            var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            _ = poll(&request, 1, 100)
            while true {
                let count = buffer.withUnsafeMutableBytes {
                    read(descriptor, $0.baseAddress, $0.count)
                }
                guard count > 0 else { break }
                if Self.eventsTouchWatchedFiles(buffer, count: count) {
                    quietUntil = Date().addingTimeInterval(0.05)
                }
            }
            if let quietUntil, Date() >= quietUntil { return }
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
            let start = offset + headerSize
            let name = String(
                decoding: buffer[start..<min(count, start + length)].prefix { $0 != 0 },
                as: UTF8.self)
            if mask & UInt32(IN_ISDIR) != 0 || isWatched(name) { return true }
            offset += headerSize + length
        }
        return false
    }
    #endif

    private func takeSnapshot() -> [String: Date] {
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

    /// Compares with the snapshot taken at the last return, so a save during a run counts.
    private func waitByPolling() {
        while true {
            let now = takeSnapshot()
            if now != snapshot {
                snapshot = now
                return
            }
            for _ in 0..<3 {
                ChildGroups.shared.exitIfInterrupted()
                usleep(100_000)
            }
        }
    }
}
