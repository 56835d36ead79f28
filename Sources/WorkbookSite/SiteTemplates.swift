import Foundation
import Mustache

/// The site's templates and assets, resource files of this module: the pages' HTML lives in
/// `Templates/*.mustache`, not in strings through the code.
struct SiteTemplates {
    private let library: MustacheLibrary
    private let folder: URL

    /// Loads every template; a template that does not parse is a bug of this module.
    init() throws {
        guard let folder = Bundle.module.url(forResource: "Templates", withExtension: nil) else {
            throw SiteError("the site's templates are missing from the workbook's resources")
        }
        self.folder = folder
        var library = MustacheLibrary()
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        for name in names.sorted() where name.hasSuffix(".mustache") {
            let text = try String(
                contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            try library.register(text, named: String(name.dropLast(".mustache".count)))
        }
        self.library = library
    }

    /// `template` rendered with `context`.
    func render(_ template: String, _ context: [String: Any]) -> String {
        library.render(context, withTemplate: template) ?? ""
    }

    /// An asset copied as it is (`site.css`, `site.js`).
    func asset(_ name: String) throws -> Data {
        try Data(contentsOf: folder.appendingPathComponent(name))
    }

    /// The assets every site carries.
    static let assets = ["site.css", "site.js", "theme.js"]
}

/// Why the site could not be written: a message for the reader.
struct SiteError: Error, CustomStringConvertible, Equatable {
    /// What to tell the reader.
    let message: String

    /// An error saying `message`.
    init(_ message: String) {
        self.message = message
    }

    var description: String { message }
}
