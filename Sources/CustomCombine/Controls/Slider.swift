/// A control holding a `Float` value, like UIKit's `UISlider`.
///
/// There is no finger to drag it on Linux, so setting ``value`` plays the user's part:
/// whenever the new value differs from the old one, the slider sends `.valueChanged`
/// (after storing the value and without any lock held). Setting the same value sends nothing.
public final class Slider: Control, @unchecked Sendable {
    private let valueLock = Lock()
    private var storedValue: Float

    /// Creates a slider at `value`.
    public init(value: Float = 0) {
        storedValue = value
        super.init()
    }

    /// The slider's position; setting a different value sends `.valueChanged`.
    public var value: Float {
        get { valueLock.withLock { storedValue } }
        set {
            let changed = valueLock.withLock {
                defer { storedValue = newValue }
                return storedValue != newValue
            }
            if changed { sendActions(for: .valueChanged) }
        }
    }
}
