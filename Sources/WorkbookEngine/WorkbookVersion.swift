/// The workbook tool's version, printed by `workbook --version`.
package enum WorkbookVersion {
    /// Semantic version of the tool and the chapter format it reads.
    package static let current = "0.1.0"
}
