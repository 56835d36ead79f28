import CombineSchedulers
import CustomCombine
import Dispatch
import TestSupport
import XCTest

/// The timer source on virtual time: every expectation is exact, and no test waits.
final class SchedulerTimerTests: XCTestCase {
    private let interval = DispatchQueue.SchedulerTimeType.Stride.milliseconds(10)

    /// Milliseconds from `start` to each value the recorder got.
    private func offsets(
        _ recorder: Recorder<DispatchQueue.SchedulerTimeType, Never>,
        from start: DispatchQueue.SchedulerTimeType
    ) -> [Int] {
        recorder.values.map { start.distance(to: $0).magnitude / 1_000_000 }
    }

    func testFirstTickComesOneIntervalAfterTheFirstRequestNotTheSubscription() {
        let scheduler = DispatchQueue.test
        let start = scheduler.now
        let recorder = Recorder<DispatchQueue.SchedulerTimeType, Never>(demand: .none)
        Publishers.timer(on: scheduler, interval: interval, times: .max(2)).subscribe(recorder)
        scheduler.advance(by: .milliseconds(25))
        recorder.subscription?.request(.unlimited)
        scheduler.advance(by: .milliseconds(100))
        XCTAssertEqual(offsets(recorder, from: start), [35, 45])
        XCTAssertEqual(recorder.completions, [.finished])
    }

    func testDemandReturnedFromReceiveIsAdded() {
        let scheduler = DispatchQueue.test
        let start = scheduler.now
        let recorder = Recorder<DispatchQueue.SchedulerTimeType, Never>(demand: .max(1))
        recorder.onValue = { _ in recorder.values.count < 3 ? .max(1) : .none }
        Publishers.timer(on: scheduler, interval: interval).subscribe(recorder)
        scheduler.advance(by: .seconds(1))
        XCTAssertEqual(offsets(recorder, from: start), [10, 20, 30])
        XCTAssertEqual(recorder.completions, [])
        recorder.subscription?.cancel()
        recorder.onValue = nil
    }

    func testRequestFromInsideReceiveStillFinishesAfterTimes() {
        let scheduler = DispatchQueue.test
        let start = scheduler.now
        let recorder = Recorder<DispatchQueue.SchedulerTimeType, Never>(demand: .max(1))
        recorder.onValue = { _ in
            recorder.subscription?.request(.max(1))
            return .none
        }
        Publishers.timer(on: scheduler, interval: interval, times: .max(3)).subscribe(recorder)
        scheduler.advance(by: .seconds(1))
        XCTAssertEqual(offsets(recorder, from: start), [10, 20, 30])
        XCTAssertEqual(recorder.completions, [.finished])
        recorder.onValue = nil
    }

    func testCancelStopsTheValuesAndReleasesTheSubscriber() {
        let scheduler = DispatchQueue.test
        weak var released: Recorder<DispatchQueue.SchedulerTimeType, Never>?
        var ticks = 0
        var cancellable: AnyCancellable?
        do {
            let recorder = Recorder<DispatchQueue.SchedulerTimeType, Never>()
            recorder.onValue = { _ in
                ticks += 1
                return .none
            }
            released = recorder
            Publishers.timer(on: scheduler, interval: interval).subscribe(recorder)
            cancellable = AnyCancellable { recorder.subscription?.cancel() }
        }
        scheduler.advance(by: .milliseconds(20))
        cancellable?.cancel()
        cancellable = nil
        scheduler.advance(by: .seconds(1))
        XCTAssertEqual(ticks, 2)
        XCTAssertNil(released, "the cancelled timer let go of its subscriber")
    }
}
