import Foundation

/// The package's name as SwiftPM last read it, kept in the build folder
/// (`workbook-package-name.json`) with the manifest it was read from: while `Package.swift`
/// is unchanged, the next run finds its test bundle without asking SwiftPM again (a
/// `swift package describe` costs each run of the learner's loop about half a second).
struct PackageNameMemory {
    private struct Entry: Codable {
        let manifest: String
        let name: String
    }

    /// The file, in the build folder.
    let url: URL

    /// The memory of the build writing to `scratchDirectory`.
    init(scratchDirectory: URL) {
        url = scratchDirectory.appendingPathComponent("workbook-package-name.json")
    }

    /// The name remembered for exactly `manifest`, if any.
    func name(for manifest: String) -> String? {
        guard let data = try? Data(contentsOf: url),
            let entry = try? JSONDecoder().decode(Entry.self, from: data),
            entry.manifest == manifest
        else { return nil }
        return entry.name
    }

    /// Remembers `name` for `manifest`; a failure to write only costs the next run a
    /// question to SwiftPM.
    func save(_ name: String, for manifest: String) {
        try? JSONEncoder().encode(Entry(manifest: manifest, name: name))
            .write(to: url, options: .atomic)
    }
}
