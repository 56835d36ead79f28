import Foundation

/// Where the workbook is: the folder given, or, as git and swift find theirs, the nearest
/// folder from the current one upwards with a `Package.swift` and a `Chapters/` folder.
/// Anything else is an error, never an empty green run.
package enum WorkbookRoot {
    /// The root for `explicit` (`--root`, empty when not given), searching upwards from
    /// `start` when it is empty.
    package static func locate(explicit: String, from start: URL) throws(WorkbookRootError)
        -> URL
    {
        let fileManager = FileManager.default
        func isDirectory(_ url: URL) -> Bool {
            var directory: ObjCBool = false
            return fileManager.fileExists(atPath: url.path, isDirectory: &directory)
                && directory.boolValue
        }
        if !explicit.isEmpty {
            let root = URL(fileURLWithPath: explicit).standardizedFileURL
            guard isDirectory(root.appendingPathComponent("Chapters")) else {
                throw WorkbookRootError(message: "no Chapters/ folder in \(root.path)")
            }
            return root
        }
        let start = start.standardizedFileURL
        var candidate = start
        var nearestPackage: URL?
        while true {
            if fileManager.fileExists(
                atPath: candidate.appendingPathComponent("Package.swift").path)
            {
                if isDirectory(candidate.appendingPathComponent("Chapters")) {
                    return candidate
                }
                nearestPackage = nearestPackage ?? candidate
            }
            let parent = candidate.deletingLastPathComponent()
            if parent.path == candidate.path { break }
            candidate = parent
        }
        if let nearestPackage {
            throw WorkbookRootError(
                message:
                    "no Chapters/ folder in \(nearestPackage.path) or any package above it; run workbook inside a workbook or pass --root"
            )
        }
        throw WorkbookRootError(
            message:
                "not inside a workbook: no Package.swift with a Chapters/ folder in \(start.path) or any parent; pass --root"
        )
    }
}

/// No workbook where one was expected.
package struct WorkbookRootError: Error, Equatable, CustomStringConvertible {
    /// What to tell the reader.
    package let message: String

    package var description: String { message }
}
