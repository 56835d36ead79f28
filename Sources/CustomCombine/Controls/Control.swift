/// An object that a ``Control`` calls back when one of its events happens.
///
/// Linux has no Objective-C selectors, so an action is a name (``Control/Action``) that the
/// control hands back to its target; the target decides what the name means.
public protocol ControlTarget: AnyObject {
    /// Called by `sender` for every event the target registered `action` for.
    func perform(_ action: Control.Action, sender: Control, for event: Control.Event)
}

/// A minimal target-action control, so that event publishers can be written and tested on
/// Linux, where UIKit's `UIControl` does not exist.
///
/// Targets are held weakly, as UIKit does, so registering never keeps a target alive.
/// All methods are thread-safe; targets are called without any lock held, so a target may
/// add or remove targets or send further events from inside `perform`. The class itself is
/// not `Sendable`: a subclass adds state of its own, and only it can promise that state is
/// safe to share (``Slider`` does).
open class Control {
    /// The events a control can send; a set, so one registration can cover several.
    public struct Event: OptionSet, Hashable, Sendable {
        /// The bits of the set.
        public let rawValue: UInt

        /// Creates a set of events from its bits.
        public init(rawValue: UInt) {
            self.rawValue = rawValue
        }

        /// A finger went down inside the control.
        public static let touchDown = Event(rawValue: 1 << 0)
        /// A repeated touch went down, e.g. a double tap.
        public static let touchDownRepeat = Event(rawValue: 1 << 1)
        /// A finger moved inside the control.
        public static let touchDragInside = Event(rawValue: 1 << 2)
        /// A finger moved outside the control.
        public static let touchDragOutside = Event(rawValue: 1 << 3)
        /// A finger went up inside the control: the usual "tap".
        public static let touchUpInside = Event(rawValue: 1 << 6)
        /// A finger went up outside the control.
        public static let touchUpOutside = Event(rawValue: 1 << 7)
        /// The system cancelled the touch.
        public static let touchCancel = Event(rawValue: 1 << 8)
        /// The control's value changed, e.g. a slider moved.
        public static let valueChanged = Event(rawValue: 1 << 12)
        /// The control's main action fired.
        public static let primaryActionTriggered = Event(rawValue: 1 << 13)
        /// Editing began in a text control.
        public static let editingDidBegin = Event(rawValue: 1 << 16)
        /// The text of a text control changed.
        public static let editingChanged = Event(rawValue: 1 << 17)
        /// Editing ended in a text control.
        public static let editingDidEnd = Event(rawValue: 1 << 18)
        /// Every touch event.
        public static let allTouchEvents = Event(rawValue: 0x0000_0FFF)
        /// Every editing event.
        public static let allEditingEvents = Event(rawValue: 0x000F_0000)
        /// Every event.
        public static let allEvents = Event(rawValue: 0xFFFF_FFFF)
    }

    /// Names an action, standing in for an Objective-C selector.
    public struct Action: Hashable, Sendable, ExpressibleByStringLiteral,
        CustomStringConvertible
    {
        /// The action's name.
        public let name: String

        /// Creates an action with the given name.
        public init(_ name: String) {
            self.name = name
        }

        /// Lets a string literal name an action: `action: "sliderMoved"`.
        public init(stringLiteral name: String) {
            self.name = name
        }

        /// The action's name.
        public var description: String { name }
    }

    private struct Registration {
        weak var target: ControlTarget?
        let targetID: ObjectIdentifier
        let action: Action
        var events: Event
    }

    private let lock = Lock()
    private var registrations: [Registration] = []

    /// Creates a control with no targets.
    public init() {}

    // snippet.add-target
    /// Registers `target` to receive `action` for `events`.
    ///
    /// Adding the same target and action again adds the new events to the registration,
    /// so the target is still called once per event.
    public func addTarget(_ target: ControlTarget, action: Action, for events: Event) {
        let targetID = ObjectIdentifier(target)
        lock.withLock {
            registrations.removeAll { $0.target == nil }
            if let index = registrations.firstIndex(where: {
                $0.targetID == targetID && $0.action == action
            }) {
                registrations[index].events.formUnion(events)
            } else {
                registrations.append(
                    Registration(target: target, targetID: targetID, action: action, events: events)
                )
            }
        }
    }
    // snippet.end

    /// Stops sending `events` to a target.
    ///
    /// A `nil` target means every target, a `nil` action every action of the target, as in
    /// UIKit. A registration left with no events is dropped.
    public func removeTarget(_ target: ControlTarget?, action: Action?, for events: Event) {
        let targetID = target.map(ObjectIdentifier.init)
        lock.withLock {
            for index in registrations.indices
            where (targetID == nil || registrations[index].targetID == targetID)
                && (action == nil || registrations[index].action == action)
            {
                registrations[index].events.subtract(events)
            }
            registrations.removeAll { $0.events.isEmpty || $0.target == nil }
        }
    }

    // snippet.send-actions
    /// Calls every target registered for any of `events`, in the order they were added.
    ///
    /// The targets are collected under the lock and called after it is released, so a target
    /// can change the registrations or send events from inside its action.
    public func sendActions(for events: Event) {
        let calls: [(ControlTarget, Action, Event)] = lock.withLock {
            registrations.compactMap { registration in
                let matched = registration.events.intersection(events)
                guard !matched.isEmpty, let target = registration.target else { return nil }
                return (target, registration.action, matched)
            }
        }
        for (target, action, matched) in calls {
            target.perform(action, sender: self, for: matched)
        }
    }
    // snippet.end

    /// Every live target, each once, in the order they were first added.
    public var allTargets: [AnyObject] {
        lock.withLock {
            var seen = Set<ObjectIdentifier>()
            return registrations.compactMap { registration -> AnyObject? in
                guard let target = registration.target,
                    seen.insert(registration.targetID).inserted
                else { return nil }
                return target
            }
        }
    }

    /// The union of the events any live target is registered for.
    public var allControlEvents: Event {
        lock.withLock {
            registrations.reduce(into: Event()) { events, registration in
                if registration.target != nil { events.formUnion(registration.events) }
            }
        }
    }

    /// How many live targets are registered for any of `events`: what a test checks to see
    /// that a cancelled subscription cleaned up after itself.
    public func targetCount(for events: Event = .allEvents) -> Int {
        lock.withLock {
            Set(
                registrations.filter { $0.target != nil && !$0.events.isDisjoint(with: events) }
                    .map(\.targetID)
            ).count
        }
    }

    /// The actions `target` is registered for under any of `events`; `nil` when there are none.
    public func actions(forTarget target: ControlTarget, forControlEvent events: Event) -> [Action]?
    {
        let targetID = ObjectIdentifier(target)
        let actions = lock.withLock {
            registrations.filter {
                $0.targetID == targetID && $0.target != nil && !$0.events.isDisjoint(with: events)
            }
            .map(\.action)
        }
        return actions.isEmpty ? nil : actions
    }
}
