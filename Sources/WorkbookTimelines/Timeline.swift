import Dispatch
import Foundation
import OpenCombineShim
import Synchronization
import WorkbookContract
import XCTest

/// What each subscriber of an example received, and when: the run that a ```` ```marble ````
/// block is checked against.
///
/// An example followed by a marble block gets one, named `timeline`. Its lanes are
/// subscribers (``lane(_:demand:of:failing:file:line:)``) that record their subscription,
/// requests, values, completion and cancel at the timeline's current frame. The frame is a
/// step counter the example moves with ``advance(by:file:line:)``, or, after
/// ``follow(_:frame:file:line:)``, a scheduler's time counted in frames: on a test
/// scheduler, virtual time. ``diagram`` draws the record as text lanes (``MarbleDiagram``),
/// which the generated test compares with the block.
///
/// It refuses what a diagram cannot draw truthfully, at the call that does it, as a test
/// failure there: two lanes of one name, a name the marble text cannot carry, time going
/// backwards.
package final class Timeline: Sendable {
    private let state = Mutex(State())
    private let report: @Sendable (String, StaticString, UInt) -> Void

    /// The frame's source, the lanes and their marks, shared by the threads that deliver.
    /// Unchecked: the clock's closure (which reads a scheduler) is not `@Sendable`.
    private struct State: @unchecked Sendable {
        var step = 0
        var clock: Clock?
        var marks: [TimelineMark] = []
        var lanes: [(name: String, showsRequests: Bool)] = []
        var lastFrames: [String: Int] = [:]
        var wentBack: Set<String> = []
    }

    /// The scheduler's time in frames, and the call that set it up (to blame when the
    /// scheduler goes back).
    private struct Clock {
        let frame: () -> Int
        let file: StaticString
        let line: UInt
    }

    /// An empty timeline at frame 0, counting frames with ``advance(by:file:line:)``.
    /// `report` gets each refusal with the call's file and line; by default it fails the
    /// running test there.
    package init(
        reportingTo report: @escaping @Sendable (String, StaticString, UInt) -> Void = {
            XCTFail($0, file: $1, line: $2)
        }
    ) {
        self.report = report
    }

    /// Moves the step counter on by `frames` (when no scheduler gives the time).
    package func advance(by frames: Int = 1, file: StaticString = #filePath, line: UInt = #line) {
        guard frames >= 0 else {
            return report(
                "timeline.advance(by: \(frames)): time does not go backwards; a frame count is 0 or more",
                file, line)
        }
        let follows = state.withLock { state in
            if state.clock == nil { state.step += frames }
            return state.clock != nil
        }
        if follows {
            report(
                "timeline.advance(by: \(frames)): this timeline follows a scheduler's clock (timeline.follow), so its step counter would move nothing; advance the scheduler instead",
                file, line)
        }
    }

    /// From now on, the frame is the frame now plus the time `scheduler` has moved on since
    /// this call, in units of `frame` (rounded down): with a test scheduler, its virtual time.
    package func follow<S: Scheduler>(
        _ scheduler: S, frame: DispatchQueue.SchedulerTimeType.Stride,
        file: StaticString = #filePath, line: UInt = #line
    ) where S.SchedulerTimeType == DispatchQueue.SchedulerTimeType {
        guard frame.magnitude > 0 else {
            return report(
                "timeline.follow(_:frame:): a frame lasts some time; \(frame.magnitude) ns would put every mark in frame 0",
                file, line)
        }
        let start = scheduler.now
        let base = self.frame
        let unit = frame.magnitude
        let read: () -> Int = {
            let elapsed = start.distance(to: scheduler.now).magnitude
            // Rounded down, before the start too: 1 ns back is the frame before.
            return base + (elapsed >= 0 ? elapsed / unit : -((unit - 1 - elapsed) / unit))
        }
        state.withLock { $0.clock = Clock(frame: read, file: file, line: line) }
    }

    /// The current frame.
    package var frame: Int {
        let clock = state.withLock { $0.clock }
        return clock?.frame() ?? state.withLock { $0.step }
    }

    /// A subscriber drawn as lane `name`, requesting `demand` when it gets its subscription.
    /// Its requests get a line of their own unless `demand` is `.unlimited`. A name the
    /// marble text cannot carry, or one this timeline already has, is refused: the lane
    /// still subscribes, but is not drawn.
    package func lane<Input, Failure: Error>(
        _ name: String, demand: Subscribers.Demand = .unlimited,
        of _: Input.Type = Input.self, failing _: Failure.Type = Failure.self,
        file: StaticString = #filePath, line: UInt = #line
    ) -> TimelineLane<Input, Failure> {
        let shown = String(reflecting: name)
        guard MarbleGrammar.isLaneName(name) else {
            report(
                "timeline.lane(\(shown)): a lane's name is ASCII letters, digits, '-' and '_', the name column of a marble block",
                file, line)
            return TimelineLane(name: name, demand: demand, timeline: self, isDrawn: false)
        }
        let added = state.withLock { state in
            guard !state.lanes.contains(where: { $0.name == name }) else { return false }
            state.lanes.append((name, demand != .unlimited))
            return true
        }
        guard added else {
            report(
                "timeline.lane(\(shown)): this timeline already has a lane named \(shown); two subscribers drawn on one lane would look like one that got every value twice: give each lane its own name",
                file, line)
            return TimelineLane(name: name, demand: demand, timeline: self, isDrawn: false)
        }
        return TimelineLane(name: name, demand: demand, timeline: self, isDrawn: true)
    }

    /// Records `mark` on lane `lane` at the current frame. A lane's deliveries never
    /// overlap, so a frame before its last mark's means the clock went back.
    func record(_ mark: TimelineMark.Kind, on lane: String) {
        let frame = frame
        let (previous, clock, reported) = state.withLock { state in
            let previous = state.lastFrames[lane]
            // A mark the clock put back is drawn where the lane was, and reported.
            let drawn = max(frame, previous ?? 0, 0)
            state.lastFrames[lane] = drawn
            state.marks.append(TimelineMark(lane: lane, frame: drawn, kind: mark))
            // Once per lane: its later marks are put back with it.
            let reported = state.wentBack.contains(lane)
            if frame < drawn { state.wentBack.insert(lane) }
            return (previous, state.clock, reported)
        }
        guard !reported else { return }
        let name = String(reflecting: lane)
        let problem: String
        if let previous, frame < previous {
            problem =
                "lane \(name) has a mark at frame \(previous), and now gets one at frame \(frame)"
        } else if frame < 0 {
            problem = "lane \(name) gets a mark at frame \(frame), before the timeline's frame 0"
        } else {
            return
        }
        let message =
            "the scheduler this timeline follows went back in time: \(problem); a marble diagram cannot draw that"
        report(message, clock?.file ?? #filePath, clock?.line ?? #line)
    }

    /// The record as marble text lanes, one line per lane (and per lane's requests), with a
    /// legend for values wider than one character.
    package var diagram: String {
        let (lanes, marks) = state.withLock { ($0.lanes, $0.marks) }
        return MarbleDiagram(lanes: lanes, marks: marks).text
    }
}
