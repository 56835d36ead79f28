import OpenCombineShim

/// One thing a lane's subscriber did or received, at a frame of its ``Timeline``.
package struct TimelineMark: Equatable, Sendable {
    /// What happened.
    package enum Kind: Equatable, Sendable {
        /// The subscriber got its subscription: `^`.
        case subscribed
        /// The subscriber asked for more values (on its request line).
        case requested(Subscribers.Demand)
        /// A value, as `String(describing:)` prints it.
        case value(String)
        /// The publisher finished: `|`.
        case finished
        /// The publisher failed: `#`.
        case failed
        /// The subscriber cancelled: `!`.
        case cancelled
    }

    /// The lane's name.
    package let lane: String
    /// The frame it happened in.
    package let frame: Int
    /// What happened.
    package let kind: Kind

    /// A mark on `lane` at `frame`.
    package init(lane: String, frame: Int, kind: Kind) {
        self.lane = lane
        self.frame = frame
        self.kind = kind
    }
}
