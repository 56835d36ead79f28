import OpenCombineShim
import PropertyBased
import Testing
import WorkbookContract
import WorkbookTimelines

/// What a timeline records, drawn as marble text and read back as the engine reads it to
/// draw the picture (``MarbleGrammar/read(_:)``), is exactly the run (issue 30): each lane's
/// name, and each value it received, in order, whatever its text (spaces, newlines, quotes,
/// backslashes, dots, marks, nothing at all).
@Suite struct MarbleRoundTripTests {
    /// Values chosen to be what a grammar of one character per mark cannot carry as they are.
    static let valueTexts = Gen.element(of: [
        "1", "x", "a", "42", "x y", "", " ", "a\nb", "\n", "...", ".", "..", "\"q\"", "\"",
        "\\", "\\n", "é", "e\u{301}", "😀", "-", "|", "^", "(", "=", "a=b", "\t", "\u{200B}",
        "\u{1}", "?", "*", "Optional(\"x\")",
    ]).compactMap { $0 }
    static let values = valueTexts.array(of: 1...3).map { $0.joined() }

    /// One step of a script: a value to a lane, a frame passing, or a lane's end.
    enum Step: Sendable {
        case value(lane: Int, text: String)
        case advance
        case finish(lane: Int)
    }

    static let steps = zip(Gen.int(in: 0...5), Gen.int(in: 0...2), values).map {
        kind, lane, text -> Step in
        switch kind {
        case 0...2: .value(lane: lane, text: text)
        case 3, 4: .advance
        default: .finish(lane: lane)
        }
    }.array(of: 0...14)

    static let names = Gen.element(of: ["a", "lane-1", "B_2", "long-lane-name", "x"])
        .compactMap { $0 }

    /// Plays `steps` on lanes named `names` (made unique), all subscribed at frame 0.
    static func play(_ steps: [Step], names: [String]) -> (
        lanes: [(name: String, showsRequests: Bool)], marks: [TimelineMark]
    ) {
        let lanes = names.enumerated().map { (name: "\($1)\($0)", showsRequests: $0 == 1) }
        var marks = lanes.map { TimelineMark(lane: $0.name, frame: 0, kind: .subscribed) }
        marks.append(TimelineMark(lane: lanes[1].name, frame: 0, kind: .requested(.max(12))))
        var frame = 0
        var finished: Set<Int> = []
        for step in steps {
            switch step {
            case .advance: frame += 1
            case .value(let lane, let text) where !finished.contains(lane):
                marks.append(TimelineMark(lane: lanes[lane].name, frame: frame, kind: .value(text)))
            case .finish(let lane) where !finished.contains(lane):
                finished.insert(lane)
                marks.append(TimelineMark(lane: lanes[lane].name, frame: frame, kind: .finished))
            default: break
            }
        }
        return (lanes, marks)
    }

    /// The values a lane line shows, in order: its characters, with the legend's letters
    /// read as what they stand for.
    static func values(of lane: MarbleGrammar.Lane, legend: [MarbleGrammar.Entry]) -> [String] {
        lane.columns.filter { !MarbleGrammar.marks.contains($0) }.map { mark in
            legend.first { $0.letter == mark }?.text ?? String(mark)
        }
    }

    @Test func theTextReadsBackAsExactlyTheRun() async {
        await propertyCheck(count: 1_000, input: Self.steps, Self.names.array(of: 3...3)) {
            steps, names in
            let (lanes, marks) = Self.play(steps, names: names)
            let text = MarbleDiagram(lanes: lanes, marks: marks).text
            let reading: MarbleGrammar.Reading
            do {
                reading = try MarbleGrammar.read(text)
            } catch {
                Issue.record("the timeline drew a text the grammar refuses: \(error)\n\(text)")
                return
            }
            #expect(
                reading.lanes.map(\.label)
                    == lanes.flatMap { [$0.name] + ($0.showsRequests ? [$0.name + "?"] : []) },
                "\(text)")
            for lane in lanes {
                let row = reading.lanes.first { $0.label == lane.name }
                let drawn = row.map { Self.values(of: $0, legend: reading.legend) }
                let sent = marks.filter { $0.lane == lane.name }.compactMap { mark -> String? in
                    if case .value(let text) = mark.kind { text } else { nil }
                }
                #expect(drawn == sent, "\(text)")
                let ends = marks.filter { $0.lane == lane.name && $0.kind == .finished }.count
                #expect(row?.columns.filter { $0 == "|" }.count == ends, "\(text)")
            }
            #expect(!text.contains("..."), "no wildcard in a drawn text: \(text)")
        }
    }
}
