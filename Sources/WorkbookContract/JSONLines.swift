import Foundation

/// Records passed between processes as one JSON object per line, each line appended in one
/// `write`, so records of processes writing at once never interleave; a line that does not
/// decode (a process killed mid-write) is dropped.
package enum JSONLines {
    /// `value` as one line of JSON, newline included.
    package static func line(_ value: some Encodable) -> Data? {
        guard var data = try? JSONEncoder().encode(value) else { return nil }
        data.append(UInt8(ascii: "\n"))
        return data
    }

    /// The records of `data`, lines that do not decode left out.
    package static func decode<Record: Decodable>(_: Record.Type, from data: Data) -> [Record] {
        let decoder = JSONDecoder()
        return data.split(separator: UInt8(ascii: "\n")).compactMap {
            try? decoder.decode(Record.self, from: Data($0))
        }
    }
}
