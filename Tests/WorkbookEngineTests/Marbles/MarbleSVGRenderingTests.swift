import Foundation
import XCTest

@testable import WorkbookEngine

/// A marble picture drawn by a real browser: Chromium or Google Chrome (``Browser``) renders
/// the SVG to PNG, and the test reads the pixels back. Without a browser it skips, saying
/// why, except where `WORKBOOK_REQUIRE_BROWSER=1` (`.ci/run`, the workflow) makes that a
/// failure.
final class MarbleSVGRenderingTests: XCTestCase {
    /// Two lanes on one source: `a` gets 1 and 2, `b`, subscribed later, gets 2.
    private let marbles = "a  ^1-2|\nb    ^2|\n"

    func testChromiumDrawsEveryLaneWithItsMarblesAtTheSizeTheSVGSays() throws {
        let svg = MarbleSVG.source(for: marbles, test: "test_two", source: "Chapters/01-a.md")
        let picture = try render(svg, darkScheme: false)
        XCTAssertEqual(picture.width, 185)
        XCTAssertEqual(picture.height, 116)
        // Lanes are 44 px tall from y = 14: their middles are at 36 and 80. Seven pixels above
        // the middle a marble is all fill (the digit starts lower), so each marble is one run
        // of the fill colour along that row.
        let fill: (Int, Int, Int) = (0xdd, 0xf4, 0xff)
        XCTAssertEqual(picture.runs(of: fill, onRow: 36 - 7), 2, "lane a: marbles 1 and 2")
        XCTAssertEqual(picture.runs(of: fill, onRow: 80 - 7), 1, "lane b: marble 2")
        XCTAssertEqual(picture.runs(of: fill, onRow: 58), 0, "nothing between the lanes")
        // Each lane's line is drawn in ink across the frames between its marks.
        let ink: (Int, Int, Int) = (0x1f, 0x23, 0x28)
        XCTAssertGreaterThanOrEqual(picture.count(of: ink, onRow: 36), 20, "lane a's line")
        XCTAssertGreaterThanOrEqual(picture.count(of: ink, onRow: 80), 10, "lane b's line")
    }

    func testTheDarkSchemeDrawsLightInkOnADarkBackground() throws {
        let svg = MarbleSVG.source(for: marbles, test: "test_two", source: "Chapters/01-a.md")
        let picture = try render(svg, darkScheme: true)
        let background: (Int, Int, Int) = (0x0d, 0x11, 0x17)
        XCTAssertGreaterThan(picture.count(of: background, onRow: 58), 100)
        let darkFill: (Int, Int, Int) = (0x0c, 0x2d, 0x6b)
        XCTAssertEqual(picture.runs(of: darkFill, onRow: 36 - 7), 2)
        let lightInk: (Int, Int, Int) = (0xe6, 0xed, 0xf3)
        XCTAssertGreaterThanOrEqual(picture.count(of: lightInk, onRow: 36), 20)
    }

    /// The pixels of one rendering, by row.
    private struct Picture {
        let width: Int
        let height: Int
        let rows: [Int: [[Int]]]

        func count(of color: (Int, Int, Int), onRow y: Int) -> Int {
            (rows[y] ?? []).filter { Self.close($0, color) }.count
        }

        /// Runs of at least three pixels of `color` along row `y`.
        func runs(of color: (Int, Int, Int), onRow y: Int) -> Int {
            var runs = 0
            var length = 0
            for pixel in (rows[y] ?? []) + [[-100, -100, -100]] {
                if Self.close(pixel, color) {
                    length += 1
                } else {
                    if length >= 3 { runs += 1 }
                    length = 0
                }
            }
            return runs
        }

        private static func close(_ pixel: [Int], _ color: (Int, Int, Int)) -> Bool {
            abs(pixel[0] - color.0) <= 8 && abs(pixel[1] - color.1) <= 8
                && abs(pixel[2] - color.2) <= 8
        }
    }

    /// Renders `svg` with a headless browser at the size the SVG declares, and decodes the
    /// PNG.
    private func render(_ svg: String, darkScheme: Bool) throws -> Picture {
        let browser = try Browser.require()
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("marble-svg-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        let svgURL = folder.appendingPathComponent("diagram.svg")
        let pngURL = folder.appendingPathComponent("diagram.png")
        try svg.write(to: svgURL, atomically: true, encoding: .utf8)
        let size = try XCTUnwrap(svg.firstMatch(of: /width="(\d+)" height="(\d+)"/))
        var arguments = [
            "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
            "--screenshot=\(pngURL.path)", "--window-size=\(size.1),\(size.2)",
        ]
        if darkScheme {
            arguments += ["--force-dark-mode", "--blink-settings=preferredColorScheme=0"]
        }
        let drawn = try run(browser, arguments + [svgURL.absoluteString])
        XCTAssertTrue(
            FileManager.default.fileExists(atPath: pngURL.path),
            "\(browser.path) wrote no PNG: \(drawn)")
        let decoded = try run(
            URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", Self.pngRows, pngURL.path])
        let json = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(decoded.utf8)) as? [String: Any])
        let rows = try XCTUnwrap(json["rows"] as? [[[Int]]])
        return Picture(
            width: try XCTUnwrap(json["width"] as? Int),
            height: try XCTUnwrap(json["height"] as? Int),
            rows: Dictionary(uniqueKeysWithValues: rows.enumerated().map { ($0, $1) }))
    }

    /// Runs `executable` and returns its standard output; fails the test with its standard
    /// error if it exits non-zero or cannot start.
    private func run(_ executable: URL, _ arguments: [String]) throws -> String {
        let result = try runCommand(executable, arguments)
        if result.status != 0 {
            XCTFail(
                "\(executable.path) \(arguments.first ?? "") exited \(result.status): \(result.standardError.suffix(2_000))"
            )
        }
        return result.standardOutput
    }

    /// Decodes an 8-bit RGB or RGBA PNG (what chromium writes) with the standard library and
    /// prints its size and every row's RGB pixels as JSON.
    private static let pngRows = #"""
        import json, struct, sys, zlib
        data = open(sys.argv[1], "rb").read()
        assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
        pos, chunks = 8, {}
        while pos < len(data):
            length, kind = struct.unpack(">I4s", data[pos:pos + 8])
            chunks.setdefault(kind, b"")
            chunks[kind] += data[pos + 8:pos + 8 + length]
            pos += 12 + length
        width, height, depth, color = struct.unpack(">IIBB", chunks[b"IHDR"][:10])
        assert depth == 8 and color in (2, 6), (depth, color)
        channels = 3 if color == 2 else 4
        raw, stride, rows, previous = zlib.decompress(chunks[b"IDAT"]), width * channels, [], None
        for y in range(height):
            kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
            up = previous or bytearray(stride)
            for i in range(stride):
                left = line[i - channels] if i >= channels else 0
                corner = up[i - channels] if i >= channels else 0
                if kind == 1: line[i] = (line[i] + left) & 255
                elif kind == 2: line[i] = (line[i] + up[i]) & 255
                elif kind == 3: line[i] = (line[i] + (left + up[i]) // 2) & 255
                elif kind == 4:
                    p = left + up[i] - corner
                    pa, pb, pc = abs(p - left), abs(p - up[i]), abs(p - corner)
                    line[i] = (line[i] + (left if pa <= pb and pa <= pc else up[i] if pb <= pc else corner)) & 255
            previous = line
            rows.append([list(line[x * channels:x * channels + 3]) for x in range(width)])
        print(json.dumps({"width": width, "height": height, "rows": rows}))
        """#
}
