import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a child's output pipe on a thread of its own into a ``BoundedOutput`` for as long as
/// the child writes, so an endless printer costs bounded memory and no disk, and its output
/// is read as it comes rather than for minutes after the time limit.
///
/// Every wait is bounded: the thread polls, and ``finish(within:)`` stops reading after its
/// deadline even if a process the runner could not kill still holds the pipe open.
final class OutputCollector: Sendable {
    /// What the reading thread and the waiting one share.
    private struct State {
        var buffer: BoundedOutput
        var stopRequested = false
    }

    private let descriptor: Int32
    private let echo: Bool
    private let state: Mutex<State>
    private let ended = DispatchSemaphore(value: 0)

    /// A collector for the read end `descriptor` (which it closes when done).
    init(reading descriptor: Int32, headLimit: Int, tailLimit: Int, echo: Bool) {
        self.descriptor = descriptor
        self.echo = echo
        state = Mutex(State(buffer: BoundedOutput(headLimit: headLimit, tailLimit: tailLimit)))
    }

    /// Starts reading.
    func start() {
        let thread = Thread { [self] in
            readUntilEndOrStopped()
            ended.signal()
        }
        thread.name = "child output"
        thread.start()
    }

    /// Once every writer should have closed the pipe: reads until the end of the output,
    /// or until `seconds` have passed, then closes the pipe and returns what was kept.
    func finish(within seconds: Double) -> BoundedOutput {
        if ended.wait(timeout: .now() + seconds) == .timedOut {
            state.withLock { $0.stopRequested = true }
            ended.wait()  // at most one poll interval
        }
        close(descriptor)
        return state.withLock { $0.buffer }
    }

    private func readUntilEndOrStopped() {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while !state.withLock({ $0.stopRequested }) {
            var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&request, 1, 100)
            if ready < 0 && errno != EINTR { return }
            guard ready > 0 else { continue }
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            guard count > 0 else { return }  // the end of the output, or an error
            let bytes = chunk[..<count]
            state.withLock { $0.buffer.append(bytes) }
            if echo { writeToStandardOutput(bytes) }
        }
    }

    /// Copies `bytes` to standard output, however many writes that takes.
    private func writeToStandardOutput(_ bytes: ArraySlice<UInt8>) {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(1, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { return }
                offset += written
            }
        }
    }
}
