import CustomCombine
import Foundation
import TestSupport
import XCTest

private final class RecordingTarget: ControlTarget, @unchecked Sendable {
    let calls = Tally<(String, Control.Event)>()
    var onPerform: ((Control) -> Void)?

    func perform(_ action: Control.Action, sender: Control, for event: Control.Event) {
        calls.append((action.name, event))
        onPerform?(sender)
    }
}

final class ControlTests: XCTestCase {
    func testSendActionsCallsTargetsRegisteredForTheEvent() {
        let control = Control()
        let tapTarget = RecordingTarget()
        let valueTarget = RecordingTarget()
        control.addTarget(tapTarget, action: "tapped", for: .touchUpInside)
        control.addTarget(valueTarget, action: "changed", for: .valueChanged)

        control.sendActions(for: .touchUpInside)
        control.sendActions(for: .touchUpInside)
        control.sendActions(for: .editingChanged)

        XCTAssertEqual(tapTarget.calls.values.map(\.0), ["tapped", "tapped"])
        XCTAssertEqual(tapTarget.calls.values.map(\.1), [.touchUpInside, .touchUpInside])
        XCTAssertEqual(valueTarget.calls.count, 0)
        XCTAssertEqual(control.allControlEvents, [.touchUpInside, .valueChanged])
    }

    func testAddingTheSameTargetAndActionTwiceCallsItOnce() {
        let control = Control()
        let target = RecordingTarget()
        control.addTarget(target, action: "handle", for: .touchDown)
        control.addTarget(target, action: "handle", for: [.touchDown, .valueChanged])

        control.sendActions(for: .touchDown)
        control.sendActions(for: .valueChanged)

        XCTAssertEqual(target.calls.count, 2)
        XCTAssertEqual(control.targetCount(), 1)
        XCTAssertEqual(
            control.actions(forTarget: target, forControlEvent: .valueChanged), ["handle"])
    }

    func testRemoveTargetRemovesOnlyTheGivenEvents() {
        let control = Control()
        let target = RecordingTarget()
        let other = RecordingTarget()
        control.addTarget(target, action: "handle", for: [.touchDown, .valueChanged])
        control.addTarget(other, action: "handle", for: .touchDown)

        control.removeTarget(target, action: "handle", for: .touchDown)
        XCTAssertEqual(control.targetCount(for: .touchDown), 1)
        XCTAssertEqual(control.targetCount(for: .valueChanged), 1)

        control.removeTarget(target, action: nil, for: .allEvents)
        XCTAssertNil(control.actions(forTarget: target, forControlEvent: .allEvents))
        XCTAssertEqual(control.allTargets.count, 1)
        XCTAssertTrue(control.allTargets.first === other)

        control.removeTarget(nil, action: nil, for: .allEvents)
        XCTAssertEqual(control.targetCount(), 0)
    }

    func testTargetsAreHeldWeakly() {
        let control = Control()
        weak var weakTarget: RecordingTarget?
        do {
            let target = RecordingTarget()
            weakTarget = target
            control.addTarget(target, action: "handle", for: .touchDown)
            XCTAssertEqual(control.targetCount(), 1)
        }
        XCTAssertNil(weakTarget)
        XCTAssertEqual(control.targetCount(), 0)
        control.sendActions(for: .touchDown)  // must not crash on the dead target
    }

    func testTargetCanRemoveItselfAndSendAgainFromInsideItsAction() {
        let control = Control()
        let target = RecordingTarget()
        let second = RecordingTarget()
        target.onPerform = { sender in
            sender.removeTarget(target, action: nil, for: .allEvents)
            sender.sendActions(for: .touchDown)
        }
        control.addTarget(target, action: "first", for: .touchDown)
        control.addTarget(second, action: "second", for: .touchDown)

        control.sendActions(for: .touchDown)

        XCTAssertEqual(target.calls.count, 1)
        XCTAssertEqual(second.calls.count, 2)
        target.onPerform = nil
    }

    func testSliderSendsValueChangedOnlyWhenTheValueChanges() {
        let slider = Slider(value: 0.25)
        let target = RecordingTarget()
        slider.addTarget(target, action: "moved", for: .valueChanged)

        slider.value = 0.5
        slider.value = 0.5
        slider.value = 0.75

        XCTAssertEqual(target.calls.count, 2)
        XCTAssertEqual(slider.value, 0.75)
    }

    func testConcurrentAddRemoveAndSend() {
        let control = SharedControl()
        let targets = (0..<8).map { _ in RecordingTarget() }
        let permanent = RecordingTarget()
        control.addTarget(permanent, action: "always", for: .valueChanged)
        DispatchQueue.concurrentPerform(iterations: 400) { index in
            let target = targets[index % targets.count]
            switch index % 3 {
            case 0: control.addTarget(target, action: "handle", for: .valueChanged)
            case 1: control.removeTarget(target, action: "handle", for: .valueChanged)
            default: control.sendActions(for: .valueChanged)
            }
        }
        XCTAssertEqual(permanent.calls.count, 133)
        XCTAssertLessThanOrEqual(control.targetCount(), targets.count + 1)
    }
}
