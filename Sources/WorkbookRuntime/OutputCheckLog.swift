import Foundation
import WorkbookContract

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Appends an ``OutputCheckRecord`` per output check to the file named by
/// `WORKBOOK_OUTPUT_CHECKS` (``WorkbookEnvironment/outputChecks``), so `workbook` can show
/// and promote what examples printed. Each record is one `write` to a file opened for
/// appending, so the records of tests running in parallel processes do not interleave.
package enum OutputCheckLog {
    /// Records one check; does nothing when the variable is unset.
    package static func record(_ check: OutputCheckRecord) {
        guard
            let path = ProcessInfo.processInfo.environment[WorkbookEnvironment.outputChecks],
            let data = check.encodedLine
        else { return }
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT, 0o644)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        _ = data.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    }
}
