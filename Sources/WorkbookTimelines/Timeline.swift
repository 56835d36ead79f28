import Dispatch
import Foundation
import OpenCombineShim

/// What each subscriber of an example received, and when: the run that a ```` ```marble ````
/// block is checked against.
///
/// An example followed by a marble block gets one, named `timeline`. Its lanes are
/// subscribers (``lane(_:demand:)``) that record their subscription, requests, values,
/// completion and cancel at the timeline's current frame. The frame is a step counter the
/// example moves with ``advance(by:)``, or, after ``follow(_:frame:)``, a scheduler's time
/// counted in frames: on a test scheduler, virtual time. ``diagram`` draws the record as
/// text lanes (``MarbleDiagram``), which the generated test compares with the block.
package final class Timeline: @unchecked Sendable {
    private let lock = NSLock()
    private var step = 0
    private var clock: (() -> Int)?
    private var marks: [TimelineMark] = []
    private var lanes: [(name: String, showsRequests: Bool)] = []

    /// An empty timeline at frame 0, counting frames with ``advance(by:)``.
    package init() {}

    /// Moves the step counter on by `frames` (when no scheduler gives the time).
    package func advance(by frames: Int = 1) {
        lock.withLock { step += frames }
    }

    /// From now on, the frame is the time `scheduler` has moved on since this call, in units
    /// of `frame` (rounded down): with a test scheduler, its virtual time.
    package func follow<S: Scheduler>(_ scheduler: S, frame: DispatchQueue.SchedulerTimeType.Stride)
    where S.SchedulerTimeType == DispatchQueue.SchedulerTimeType {
        let start = scheduler.now
        let base = lock.withLock { step }
        let unit = max(frame.magnitude, 1)
        lock.withLock {
            clock = { base + start.distance(to: scheduler.now).magnitude / unit }
        }
    }

    /// The current frame.
    package var frame: Int {
        let clock = lock.withLock { self.clock }
        return clock?() ?? lock.withLock { step }
    }

    /// A subscriber drawn as lane `name`, requesting `demand` when it gets its subscription.
    /// Its requests get a line of their own unless `demand` is `.unlimited`.
    package func lane<Input, Failure: Error>(
        _ name: String, demand: Subscribers.Demand = .unlimited,
        of _: Input.Type = Input.self, failing _: Failure.Type = Failure.self
    ) -> TimelineLane<Input, Failure> {
        lock.withLock { lanes.append((name, demand != .unlimited)) }
        return TimelineLane(name: name, demand: demand, timeline: self)
    }

    /// Records `mark` on lane `lane` at the current frame.
    func record(_ mark: TimelineMark.Kind, on lane: String) {
        let frame = frame
        lock.withLock { marks.append(TimelineMark(lane: lane, frame: frame, kind: mark)) }
    }

    /// The record as marble text lanes, one line per lane (and per lane's requests), with a
    /// legend for values wider than one character.
    package var diagram: String {
        let (lanes, marks) = lock.withLock { (self.lanes, self.marks) }
        return MarbleDiagram(lanes: lanes, marks: marks).text
    }
}
