import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Captures everything written to standard output (file descriptor 1) between `init` and
/// `finish()`, including library `print`s, so an example's output can be compared with
/// the chapter's output block.
package final class OutputCapture {
    private let savedDescriptor: Int32
    private let fileDescriptor: Int32
    private var finished = false

    /// Starts capturing: flushes pending output, then points fd 1 at a temporary file.
    package init() throws {
        var template = Array((NSTemporaryDirectory() + "/workbook-output-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        // Unlinked at once: a test that crashes or is killed leaves nothing in /tmp.
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        fflush(nil)
        let saved = dup(1)
        guard saved >= 0, dup2(descriptor, 1) >= 0 else {
            close(descriptor)
            throw POSIXError(.init(rawValue: errno) ?? .EIO)
        }
        savedDescriptor = saved
        fileDescriptor = descriptor
    }

    deinit {
        _ = finish()
    }

    /// Stops capturing, restores standard output and returns what was written.
    /// Later calls return an empty string.
    package func finish() -> String {
        guard !finished else { return "" }
        finished = true
        fflush(nil)
        dup2(savedDescriptor, 1)
        close(savedDescriptor)
        defer { close(fileDescriptor) }
        lseek(fileDescriptor, 0, SEEK_SET)
        let data = FileHandle(fileDescriptor: fileDescriptor, closeOnDealloc: false)
            .readDataToEndOfFile()
        return String(decoding: data, as: UTF8.self)
    }
}
