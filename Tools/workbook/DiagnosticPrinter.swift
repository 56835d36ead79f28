import Foundation
import WorkbookEngine

/// Prints diagnostics to standard error, one per line.
func report(_ diagnostics: [Diagnostic]) {
    for diagnostic in diagnostics {
        FileHandle.standardError.write(Data((diagnostic.description + "\n").utf8))
    }
}
