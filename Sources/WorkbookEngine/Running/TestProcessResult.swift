/// How a process that ran one test ended: what it printed, why it stopped and how long it
/// took. What a ``TestLauncher`` hands back, and all the interpreter reads.
struct TestProcessResult: Equatable, Sendable {
    /// Standard output and standard error, interleaved as written.
    var output: String
    /// The exit status, when the process exited.
    var exitStatus: Int32?
    /// The signal that ended the process, when one did.
    var signal: Int32?
    /// Whether the runner killed it for running past `timeout`.
    var timedOut: Bool
    /// The limit, in seconds.
    var timeout: Double
    /// The wall time from start to end, in seconds.
    var duration: Double

    /// Creates a result.
    init(
        output: String, exitStatus: Int32?, signal: Int32?, timedOut: Bool, timeout: Double,
        duration: Double = 0
    ) {
        self.output = output
        self.exitStatus = exitStatus
        self.signal = signal
        self.timedOut = timedOut
        self.timeout = timeout
        self.duration = duration
    }
}
