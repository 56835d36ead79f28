import Foundation

/// The digest of a chapter's bytes (FNV-1a, 64 bits, in hex): enough to see that a chapter
/// changed since a run. The loader computes it once, from the bytes it parsed, so a run's
/// results name the text they tested, never the file as it is when they are recorded.
enum ChapterDigest {
    /// The digest of `data`.
    static func of(_ data: Data) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in data {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return String(hash, radix: 16)
    }
}
