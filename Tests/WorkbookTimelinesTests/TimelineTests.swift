import Dispatch
import OpenCombineShim
import WorkbookTimelines
import XCTest

/// The timeline's marble text: the exact diagrams a ```` ```marble ```` block is compared with.
final class TimelineTests: XCTestCase {
    func testLanesOnOneSourceLineUpFrameByFrame() {
        let timeline = Timeline()
        let subject = PassthroughSubject<Int, Never>()
        subject.subscribe(timeline.lane("a"))
        timeline.advance()
        subject.send(1)
        timeline.advance()
        subject.subscribe(timeline.lane("b"))
        timeline.advance()
        subject.send(2)
        timeline.advance()
        subject.send(completion: .finished)
        XCTAssertEqual(
            timeline.diagram,
            """
            a  ^1-2|
            b    ^2|

            """)
    }

    func testValuesWiderThanOneCharacterGetLettersAndALegend() {
        let timeline = Timeline()
        let subject = PassthroughSubject<Int, Never>()
        subject.subscribe(timeline.lane("x"))
        for value in [11, 13, 1, 11] {
            timeline.advance()
            subject.send(value)
        }
        timeline.advance()
        subject.send(completion: .finished)
        XCTAssertEqual(
            timeline.diagram,
            """
            x  ^ab1a|
               a=11 b=13

            """)
    }

    func testMarksOfOneFrameAreGroupedAndTheColumnWidens() {
        let timeline = Timeline()
        let subject = CurrentValueSubject<Int, Never>(0)
        subject.subscribe(timeline.lane("a"))
        timeline.advance()
        subject.send(1)
        timeline.advance()
        subject.subscribe(timeline.lane("b"))
        timeline.advance()
        subject.send(completion: .finished)
        XCTAssertEqual(
            timeline.diagram,
            """
            a  (^0)1-   |
            b       (^1)|

            """)
    }

    /// A frame widened by a group on one lane is padded with spaces on the others, never
    /// with `-`, the mark of one quiet frame: on a live lane, each `-`, mark and group is
    /// one frame, so counting them counts the frames (issue 33).
    func testAWidenedFrameIsPaddedWithSpacesSoEveryLaneCountsTheFrames() {
        let timeline = Timeline()
        let subject = CurrentValueSubject<Int, Never>(0)
        subject.subscribe(timeline.lane("early"))
        timeline.advance()
        subject.subscribe(timeline.lane("late"))
        timeline.advance()
        timeline.advance()
        subject.send(completion: .finished)
        let lanes = timeline.diagram.split(separator: "\n").map {
            String($0.drop { $0 != " " }.drop { $0 == " " })
        }
        XCTAssertEqual(lanes, ["(^0)-   -|", "(^0)-|"])
        XCTAssertEqual(lanes.map(Self.frames), [4, 3])
    }

    /// The frames a lane's marks stand for: each mark or `(...)` group is one, a space
    /// none.
    private static func frames(_ marks: String) -> Int {
        var count = 0
        var inGroup = false
        for mark in marks {
            switch mark {
            case "(": inGroup = true
            case ")":
                inGroup = false
                count += 1
            case " ": break
            default: if !inGroup { count += 1 }
            }
        }
        return count
    }

    func testALimitedDemandGetsARequestLineAndACancelIsDrawn() {
        let timeline = Timeline()
        let subject = PassthroughSubject<Int, Never>()
        let lane = timeline.lane("a", demand: .max(1), of: Int.self, failing: Never.self)
        subject.subscribe(lane)
        timeline.advance()
        subject.send(1)
        timeline.advance()
        subject.send(2)  // no demand: the subject drops it
        timeline.advance()
        lane.request(.max(2))
        timeline.advance()
        subject.send(3)
        timeline.advance()
        lane.cancel()
        timeline.advance()
        subject.send(4)
        XCTAssertEqual(
            timeline.diagram,
            """
            a   ^1--3!
            a?  1  2

            """)
    }

    func testFailureAndMarkCharactersAsValues() {
        struct Oops: Error {}
        let timeline = Timeline()
        let subject = PassthroughSubject<String, Oops>()
        subject.subscribe(timeline.lane("s"))
        timeline.advance()
        subject.send("|")  // a value that looks like a completion is drawn as a letter
        timeline.advance()
        subject.send(completion: .failure(Oops()))
        XCTAssertEqual(
            timeline.diagram,
            """
            s  ^a#
               a=|

            """)
    }

    func testFollowingASchedulerCountsItsTimeInFrames() {
        let clock = ManualClock()
        let timeline = Timeline()
        timeline.advance()  // one step before the scheduler takes over
        timeline.follow(clock, frame: .milliseconds(10))
        let subject = PassthroughSubject<Int, Never>()
        subject.subscribe(timeline.lane("t"))
        clock.now = clock.now.advanced(by: .milliseconds(29))  // frame 1 + 2, rounded down
        subject.send(1)
        clock.now = clock.now.advanced(by: .milliseconds(1))
        subject.send(2)
        subject.send(completion: .finished)
        XCTAssertEqual(
            timeline.diagram,
            """
            t   ^-1(2|)

            """)
    }

    func testACancelAfterTheCompletionIsNotDrawn() {
        let timeline = Timeline()
        let lane = timeline.lane("a", of: Int.self, failing: Never.self)
        Just(1).subscribe(lane)
        timeline.advance()
        lane.cancel()
        XCTAssertEqual(timeline.diagram, "a  (^1|)\n")
    }

    func testNothingRecordedDrawsNothing() {
        XCTAssertEqual(Timeline().diagram, "")
    }
}

/// A scheduler whose clock the test sets by hand; it runs nothing.
private final class ManualClock: Scheduler, @unchecked Sendable {
    typealias SchedulerTimeType = DispatchQueue.SchedulerTimeType
    typealias SchedulerOptions = DispatchQueue.SchedulerOptions

    var now = SchedulerTimeType(DispatchTime(uptimeNanoseconds: 1))
    var minimumTolerance: SchedulerTimeType.Stride { .zero }

    func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {}

    func schedule(
        after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride,
        options: SchedulerOptions?, _ action: @escaping () -> Void
    ) {}

    func schedule(
        after date: SchedulerTimeType, interval: SchedulerTimeType.Stride,
        tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?,
        _ action: @escaping () -> Void
    ) -> Cancellable { AnyCancellable {} }
}
