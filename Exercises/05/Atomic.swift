// Exercise: chapter 05, Atomic.
// Solution: Sources/CustomCombine/Synchronization/Atomic.swift

/// Guards a property with an `AtomicBox`: reading the property reads the box, and there is
/// deliberately no setter; writes go through the box, `$property.mutate { $0 += 1 }`.
@propertyWrapper
public struct Atomic<T> {
    /// The box guarding the value; `$property` gives it to callers that change the value.
    public let projectedValue: AtomicBox<T>

    /// Boxes the property's initial value, so every later access goes through the box's lock.
    public init(wrappedValue: T) {
        unwritten(
            "Atomic.init(wrappedValue:)",
            see: "Chapters/05-thread-safe-subject.md, '`@Atomic`: keeping the call sites short'")
    }

    /// A copy of the current value.
    public var wrappedValue: T {
        unwritten(
            "Atomic.wrappedValue",
            see: "Chapters/05-thread-safe-subject.md, '`@Atomic`: keeping the call sites short'")
    }
}

extension Atomic: Sendable where T: Sendable {}
