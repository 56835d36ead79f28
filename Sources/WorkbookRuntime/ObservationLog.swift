import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Appends one JSON object per output check (`file`, `line`, `actual`, `matched`) to the
/// file named by `WORKBOOK_OBSERVATIONS`, so `workbook` can show and promote what examples
/// printed. Each record is one `write` to a file opened for appending, so the records of
/// tests running in parallel processes do not interleave.
public enum ObservationLog {
    private struct Record: Encodable {
        let file: String
        let line: Int
        let actual: String
        let matched: Bool
    }

    /// Records one check; does nothing when the variable is unset.
    public static func record(file: String, line: Int, actual: String, matched: Bool) {
        guard let path = ProcessInfo.processInfo.environment["WORKBOOK_OBSERVATIONS"],
            var data = try? JSONEncoder().encode(
                Record(file: file, line: line, actual: actual, matched: matched))
        else { return }
        data.append(UInt8(ascii: "\n"))
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT, 0o644)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        _ = data.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    }
}
