import CustomCombine

/// A control the tests share between threads. `Control` makes no `Sendable` promise for
/// its subclasses; this one adds no state, so the base class's own locking makes it safe.
package final class SharedControl: Control, @unchecked Sendable {}
