import CustomCombine
import Foundation

/// Rule 16: `cancel()` and `request(_:)` made on one thread return while a delivery on
/// another thread is held inside the subscriber.
///
/// The subscriber's `receive(_:)` waits for the thread that cancels or requests, as UI code
/// does that hops to the main thread synchronously while the main thread cancels. A
/// subscription that makes `cancel()` or `request(_:)` wait for the delivery to return never
/// returns in that app: a deadlock. Here the subscriber waits at most ``holdSeconds``, so
/// the call returns late instead of never, and the rule names it within seconds, well
/// inside the ``Watchdog``'s quiet period.
extension PublisherConformanceRunner {
    /// How long the held delivery waits for the other thread's call to return.
    static var holdSeconds: Double { 2 }

    func checkPromptControl(_ findings: Findings) {
        if pulledCount == 0 {
            findings.skip(.promptControl, "the source delivers no value to hold")
            return
        }
        findings.ran(.promptControl)
        for cancels in [true, false] {
            let call = cancels ? "cancel()" : "request(.max(1))"
            let scenario = findings.begin(
                "\(call) from another thread while a delivery is held in the subscriber")
            let hold = HeldDelivery(seconds: Self.holdSeconds)
            let instance = harness.make()
            // Only a delivery on another thread is held: a publisher that delivers a current
            // value inside the subscriber's first request does so on this thread.
            let here = Thread.current
            let subscriber = recorder(
                "holds its first value", pulledCount == nil ? .unlimited : nil, findings
            ) { _, _ in
                if Thread.current != here { hold.hold() }
                return .none
            }
            instance.subscribe(subscriber)
            let delivering = Unchecked(value: { [self] in
                if pulledCount != nil {
                    subscriber.request(.max(1), context: "delivering thread")
                } else {
                    emit(instance, [0, 1])
                }
            })
            let done = DispatchSemaphore(value: 0)
            Thread {
                delivering.value()
                done.signal()
            }.start()
            guard findings.eventually(timeout: 10, { hold.isHeld }) else {
                findings.fail(.promptControl, scenario, "no value arrived to hold")
                return
            }
            if cancels {
                subscriber.cancel()
            } else {
                subscriber.request(.max(1), context: "other thread, while a delivery is held")
            }
            hold.release()
            _ = findings.eventually(timeout: 10) { done.wait(timeout: .now()) == .success }
            findings.expect(
                !hold.gaveUp, .promptControl, scenario,
                "\(call) waited for the delivery held in the subscriber on another thread: it "
                    + "returned only when the subscriber stopped waiting for it, after "
                    + "\(Int(Self.holdSeconds)) s. A subscriber that waits for the thread "
                    + "calling \(call) (a synchronous hop to the main thread) deadlocks there",
                subscriber)
            findings.absorb(subscriber, scenario)
            subscriber.cancel()
            withExtendedLifetime(instance) {}
            if findings.hasFailed(.promptControl) { return }
        }
    }
}

/// The first value's delivery, held inside the subscriber until the scenario releases it
/// or `seconds` pass.
private final class HeldDelivery: @unchecked Sendable {
    private let lock = NSLock()
    private let released = DispatchSemaphore(value: 0)
    private let seconds: Double
    private var held = false
    private var timedOut = false

    init(seconds: Double) {
        self.seconds = seconds
    }

    /// Whether the first delivery has arrived (and is held, or was).
    var isHeld: Bool { lock.withLock { held } }

    /// Whether the held delivery stopped waiting before `release()`.
    var gaveUp: Bool { lock.withLock { timedOut } }

    /// Inside a delivery: holds the first one, lets later ones through.
    func hold() {
        let first: Bool = lock.withLock {
            defer { held = true }
            return !held
        }
        guard first else { return }
        let result = released.wait(timeout: .now() + seconds)
        lock.withLock { timedOut = result == .timedOut }
    }

    func release() {
        released.signal()
    }
}
