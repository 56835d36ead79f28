// snippet.atomic
/// Guards a property with an `AtomicBox`.
///
/// Reading the property reads the box; there is deliberately no setter, because
/// `value += 1` through a getter and a setter would be two steps another thread could
/// interleave. Writes go through the box: `$property.mutate { $0 += 1 }`.
@propertyWrapper
public struct Atomic<T> {
    /// The box guarding the value; `$property` gives it to callers that change the value.
    public let projectedValue: AtomicBox<T>

    /// Boxes the property's initial value.
    public init(wrappedValue: T) {
        projectedValue = AtomicBox(wrappedValue)
    }

    /// A copy of the current value.
    public var wrappedValue: T {
        projectedValue.value
    }
}
// snippet.end

extension Atomic: Sendable where T: Sendable {}
