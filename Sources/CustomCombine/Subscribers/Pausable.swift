// snippet.pausable
/// Something that can stop taking values for a while and be told to go on: the simplest
/// form of backpressure.
public protocol Pausable {
    /// `true` while no more values are wanted.
    var paused: Bool { get }
    /// Asks for values again after a pause; does nothing when not paused.
    func resume()
}
// snippet.end
