/// A child's output kept within a fixed size: the first `headLimit` bytes and the last
/// `tailLimit` bytes, with what lies between counted (bytes and lines) rather than kept.
///
/// A test that prints in an endless loop writes hundreds of megabytes a second; the runner
/// needs only how the output starts (what the test printed first) and how it ends (XCTest's
/// verdict, a crash message), so memory stays bounded however much is written.
package struct BoundedOutput: Sendable {
    /// Bytes kept from the start.
    package let headLimit: Int
    /// Bytes kept from the end.
    package let tailLimit: Int
    private var head: [UInt8] = []
    /// The latest bytes; trimmed to `tailLimit` once it holds twice that, so trimming costs
    /// amortized constant time per byte.
    private var tail: [UInt8] = []
    /// Bytes dropped between the head and the tail.
    package private(set) var omittedBytes = 0
    /// Line breaks among the dropped bytes.
    package private(set) var omittedLines = 0

    /// An empty buffer keeping `headLimit` bytes from the start and `tailLimit` from the end.
    package init(headLimit: Int, tailLimit: Int) {
        self.headLimit = max(0, headLimit)
        self.tailLimit = max(0, tailLimit)
    }

    /// Adds bytes as they arrive.
    package mutating func append(_ bytes: some Collection<UInt8>) {
        var rest = bytes[...]
        if head.count < headLimit {
            let taken = rest.prefix(headLimit - head.count)
            head.append(contentsOf: taken)
            rest = rest.dropFirst(taken.count)
        }
        guard !rest.isEmpty else { return }
        tail.append(contentsOf: rest)
        if tail.count > 2 * tailLimit {
            let excess = tail.count - tailLimit
            omittedBytes += excess
            omittedLines += tail[..<excess].lazy.filter { $0 == UInt8(ascii: "\n") }.count
            tail.removeFirst(excess)
        }
    }

    /// Everything written, if it fit; otherwise the head, a line saying how much was
    /// omitted, and the tail. Invalid UTF-8 becomes U+FFFD.
    package var text: String {
        var kept = tail
        var dropped = (bytes: omittedBytes, lines: omittedLines)
        if kept.count > tailLimit {
            let excess = kept.count - tailLimit
            dropped.bytes += excess
            dropped.lines += kept[..<excess].lazy.filter { $0 == UInt8(ascii: "\n") }.count
            kept.removeFirst(excess)
        }
        guard dropped.bytes > 0 else {
            return String(decoding: head + kept, as: UTF8.self)
        }
        let start = String(decoding: head, as: UTF8.self)
        return start + (start.hasSuffix("\n") ? "" : "\n")
            + "[workbook: \(dropped.bytes) bytes (\(dropped.lines) lines) of output omitted here]\n"
            + String(decoding: kept, as: UTF8.self)
    }
}
