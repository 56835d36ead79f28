/// How a process that ran one test ended: what it printed and why it stopped.
public struct TestProcessResult: Equatable, Sendable {
    /// Standard output and standard error, interleaved as written.
    public var output: String
    /// The exit status, when the process exited.
    public var exitStatus: Int32?
    /// The signal that ended the process, when one did.
    public var signal: Int32?
    /// Whether the runner killed it for running past `timeout`.
    public var timedOut: Bool
    /// The limit, in seconds.
    public var timeout: Double

    /// Creates a result.
    public init(
        output: String, exitStatus: Int32?, signal: Int32?, timedOut: Bool, timeout: Double
    ) {
        self.output = output
        self.exitStatus = exitStatus
        self.signal = signal
        self.timedOut = timedOut
        self.timeout = timeout
    }
}
