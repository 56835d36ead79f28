import Dispatch
import Foundation
import OpenCombineShim
import Synchronization
import WorkbookTimelines
import XCTest

/// A timeline refuses what cannot happen (issue 30), at the call that does it and with a
/// clear message, instead of drawing a run that did not happen: a second lane of one name,
/// a name the marble text cannot carry, time going backwards.
final class TimelineRefusalTests: XCTestCase {
    /// What the timeline reported, with the line of the call it blamed.
    private final class Problems: Sendable {
        private let stored = Mutex<[(message: String, line: UInt)]>([])
        var all: [(message: String, line: UInt)] { stored.withLock { $0 } }
        func add(_ message: String, _ line: UInt) {
            stored.withLock { $0.append((message, line)) }
        }
    }

    private func timeline() -> (Timeline, Problems) {
        let problems = Problems()
        return (Timeline { message, _, line in problems.add(message, line) }, problems)
    }

    func testASecondLaneOfTheSameNameIsRefusedAtItsCall() {
        let (timeline, problems) = timeline()
        let subject = PassthroughSubject<Int, Never>()
        subject.subscribe(timeline.lane("a"))
        timeline.advance()
        let line: UInt = #line + 1
        subject.subscribe(timeline.lane("a"))
        subject.send(1)
        XCTAssertEqual(problems.all.map(\.line), [line])
        XCTAssertEqual(
            problems.all.first?.message,
            "timeline.lane(\"a\"): this timeline already has a lane named \"a\"; two subscribers drawn on one lane would look like one that got every value twice: give each lane its own name"
        )
        XCTAssertEqual(timeline.diagram, "a  ^1\n", "the refused lane is not drawn")
    }

    func testNamesTheMarbleTextCannotCarryAreRefused() {
        for name in ["my lane", "", "a\nb", "a?", "é", "a\tb", "a=b", "(a)"] {
            let (timeline, problems) = timeline()
            let subject = PassthroughSubject<Int, Never>()
            subject.subscribe(timeline.lane(name))
            subject.send(1)
            XCTAssertEqual(problems.all.count, 1, name)
            XCTAssertTrue(
                problems.all.first?.message.contains(
                    "a lane's name is ASCII letters, digits, '-' and '_'") == true,
                "\(problems.all)")
            XCTAssertEqual(timeline.diagram, "", "a refused lane is not drawn: \(name)")
        }
    }

    func testAdvancingByANegativeNumberOfFramesIsRefused() {
        let (timeline, problems) = timeline()
        timeline.advance(by: 2)
        let line: UInt = #line + 1
        timeline.advance(by: -1)
        XCTAssertEqual(problems.all.map(\.line), [line])
        XCTAssertEqual(
            problems.all.first?.message,
            "timeline.advance(by: -1): time does not go backwards; a frame count is 0 or more")
        XCTAssertEqual(timeline.frame, 2)
    }

    func testAdvancingTheStepCounterOfATimelineThatFollowsASchedulerIsRefused() {
        let (timeline, problems) = timeline()
        timeline.follow(ManualScheduler(), frame: .seconds(1))
        let line: UInt = #line + 1
        timeline.advance()
        XCTAssertEqual(problems.all.map(\.line), [line])
        XCTAssertTrue(
            problems.all.first?.message.hasPrefix(
                "timeline.advance(by: 1): this timeline follows a scheduler's clock") == true,
            "\(problems.all)")
    }

    func testAFrameOfNoTimeIsRefused() {
        let (timeline, problems) = timeline()
        timeline.follow(ManualScheduler(), frame: .seconds(0))
        XCTAssertEqual(problems.all.count, 1)
        XCTAssertTrue(
            problems.all.first?.message.contains("a frame lasts some time") == true,
            "\(problems.all)")
    }

    /// Following a second scheduler goes on from the frame the timeline is at: it never
    /// puts time back to where the step counter was.
    func testFollowingAnotherSchedulerGoesOnFromTheFrameItIsAt() {
        let (timeline, problems) = timeline()
        let first = ManualScheduler()
        let second = ManualScheduler()
        let subject = PassthroughSubject<Int, Never>()
        timeline.advance()
        timeline.follow(first, frame: .seconds(1))
        first.move(by: .seconds(2))
        subject.subscribe(timeline.lane("a"))
        timeline.follow(second, frame: .seconds(1))
        subject.send(1)
        second.move(by: .seconds(1))
        subject.send(2)
        XCTAssertEqual(problems.all.map(\.message), [])
        XCTAssertEqual(timeline.diagram, "a     (^1)2\n")
    }

    func testASchedulerGoingBackIsReportedAtTheFollowCallAndItsMarkStays() {
        let (timeline, problems) = timeline()
        let scheduler = ManualScheduler()
        let subject = PassthroughSubject<Int, Never>()
        let line: UInt = #line + 1
        timeline.follow(scheduler, frame: .seconds(1))
        scheduler.move(by: .seconds(2))
        subject.subscribe(timeline.lane("a"))
        scheduler.move(by: .seconds(-1))
        subject.send(1)
        scheduler.move(by: .seconds(-2))
        subject.subscribe(timeline.lane("b"))
        XCTAssertEqual(problems.all.map(\.line), [line, line])
        XCTAssertEqual(
            problems.all.first?.message,
            "the scheduler this timeline follows went back in time: lane \"a\" has a mark at frame 2, and now gets one at frame 1; a marble diagram cannot draw that"
        )
        XCTAssertTrue(
            problems.all.last?.message.contains(
                "lane \"b\" gets a mark at frame -1, before the timeline's frame 0") == true,
            "\(problems.all)")
    }
}

/// A scheduler whose clock moves only when told to, either way: what a test scheduler
/// moved backwards does.
private final class ManualScheduler: Scheduler, Sendable {
    typealias SchedulerTimeType = DispatchQueue.SchedulerTimeType
    typealias SchedulerOptions = Never

    /// Unchecked: OpenCombine's scheduler time is not marked `Sendable`.
    private struct Clock: @unchecked Sendable {
        var now = DispatchQueue.SchedulerTimeType(
            DispatchTime(uptimeNanoseconds: 1_000_000_000_000))
    }

    private let clock = Mutex(Clock())
    var now: SchedulerTimeType { clock.withLock { $0.now } }
    var minimumTolerance: SchedulerTimeType.Stride { .zero }

    func move(by stride: SchedulerTimeType.Stride) {
        clock.withLock { $0.now = $0.now.advanced(by: stride) }
    }

    func schedule(options _: SchedulerOptions?, _ action: @escaping () -> Void) { action() }
    func schedule(
        after _: SchedulerTimeType, tolerance _: SchedulerTimeType.Stride,
        options _: SchedulerOptions?, _ action: @escaping () -> Void
    ) {}
    func schedule(
        after _: SchedulerTimeType, interval _: SchedulerTimeType.Stride,
        tolerance _: SchedulerTimeType.Stride, options _: SchedulerOptions?,
        _ action: @escaping () -> Void
    ) -> Cancellable { AnyCancellable {} }
}
