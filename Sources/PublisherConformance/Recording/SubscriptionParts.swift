import CustomCombine

/// Weak references to what a subscription is made of, to see who keeps it after cancel.
///
/// A subject that never takes a cancelled subscriber off its list keeps the subscription it
/// handed out, though the subscription itself let go of the subscriber (chapter 2's
/// `CustomSubscription` does on cancel): the subscriber is released, and only the parts of
/// the subscription show what the subject kept. A class subscription is one part; a struct
/// (such as `CustomSubscription`) is looked into one level, through `Mirror`, for the objects
/// it holds.
final class SubscriptionParts {
    private struct Part {
        let name: String
        weak var object: AnyObject?
    }

    private var parts: [Part] = []

    /// Weak references to `subscription`'s parts; none for `nil`.
    init(_ subscription: Subscription?) {
        guard let subscription else { return }
        if type(of: subscription as Any) is AnyClass {
            parts = [Part(name: "\(type(of: subscription))", object: subscription as AnyObject)]
            return
        }
        for child in Mirror(reflecting: subscription).children {
            guard let object = Self.object(in: child.value) else { continue }
            let name = "\(type(of: subscription)).\(child.label ?? "?")"
            parts.append(Part(name: name, object: object))
        }
    }

    /// The object `value` is, or the object an optional `value` holds.
    private static func object(in value: Any) -> AnyObject? {
        if type(of: value) is AnyClass { return value as AnyObject }
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .optional, let wrapped = mirror.children.first {
            return type(of: wrapped.value) is AnyClass ? wrapped.value as AnyObject : nil
        }
        return nil
    }

    /// The parts someone still holds.
    var alive: Set<String> {
        Set(parts.filter { $0.object != nil }.map(\.name))
    }
}
