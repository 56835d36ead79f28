/// One subscriber's timer, and the upstream of its link: how many ticks are left, how many
/// were asked for, and the repeating action its scheduler runs.
///
/// It ticks through Combine's `Scheduler` protocol, so the same source serves
/// ``DispatchTimer`` (a `DispatchQueue`, which on OpenCombine 0.14 fires on a dispatch source
/// timer; Apple's Combine does not document how) and ``SchedulerTimer`` (any scheduler, such
/// as a test scheduler whose clock moves only when a test says so). The name stays the one
/// chapter 15 introduces it under.
///
/// The repeating action starts on the first request. The source ticks only while demand is
/// outstanding, and finishes when no ticks are left. Like a subject, it keeps its state under
/// its own lock and calls the link with no lock held; the link keeps deliveries from
/// overlapping. Cancel stops the repeating action and lets go of the link.
final class DispatchTimerSource<Context: Scheduler, Output>: Subscription, @unchecked Sendable {
    typealias Link = CustomSubscription<ForwardingBehavior<Output, Never>>

    private let lock = Lock()
    private let scheduler: Context
    private let interval: Context.SchedulerTimeType.Stride
    private let tolerance: Context.SchedulerTimeType.Stride
    private let stamp: () -> Output
    private var times: Subscribers.Demand
    private var requested = Subscribers.Demand.none
    private var ticking: Cancellable?
    private var link: Link?
    private var completing = false

    /// A source for `link` that ticks on `scheduler` every `interval`, `times` times, and
    /// delivers `stamp()` on each tick.
    init(
        link: Link,
        scheduler: Context,
        interval: Context.SchedulerTimeType.Stride,
        tolerance: Context.SchedulerTimeType.Stride,
        times: Subscribers.Demand,
        stamp: @escaping () -> Output
    ) {
        self.link = link
        self.scheduler = scheduler
        self.interval = interval
        self.tolerance = tolerance
        self.times = times
        self.stamp = stamp
    }

    deinit {
        ticking?.cancel()
    }

    // snippet.timer-source-request
    /// The link passes its subscriber's requests up, once its delivery lock is released.
    func request(_ demand: Subscribers.Demand) {
        let exhausted: Link? = lock.withLock {
            guard let link, !completing else { return nil }
            guard times > 0 else {
                // Nothing left to emit: finish now instead of starting a timer.
                release()
                return link
            }
            requested += demand
            if ticking == nil {
                // One interval from now, then every interval; `[weak self]`: the scheduler
                // may hold the action for a while after a cancel (a `DispatchQueue` on
                // OpenCombine 0.14 until the queue has processed it), and a cancelled source
                // should go at once.
                ticking = scheduler.schedule(
                    after: scheduler.now.advanced(by: interval), interval: interval,
                    tolerance: tolerance, options: nil
                ) { [weak self] in self?.fire() }
            }
            return nil
        }
        exhausted?.receive(completion: .finished)
    }
    // snippet.end

    /// Finishes a timer that has no ticks left, unless a request from inside
    /// `receive(subscription:)` already did.
    func finishIfExhausted() {
        let exhausted: Link? = lock.withLock {
            guard times == .none, let link, !completing else { return nil }
            release()
            return link
        }
        exhausted?.receive(completion: .finished)
    }

    // snippet.timer-source-fire
    /// Runs when the scheduler says. Assumes that the scheduler never runs two ticks of one
    /// repeating action at once: `Scheduler` does not promise that, but a `DispatchQueue` on
    /// OpenCombine 0.14 (a dispatch source, which is not reentrant) and a test scheduler keep
    /// to it; Apple's `DispatchQueue` is not documented either way.
    private func fire() {
        let tick: (link: Link, last: Bool)? = lock.withLock {
            guard let link, requested > 0 else { return nil }  // no demand: skip this tick
            requested -= 1
            times -= 1
            let last = times == .none
            if last {
                completing = true  // the completion follows this value
                ticking?.cancel()
                ticking = nil
            }
            return (link, last)
        }
        guard let (link, last) = tick else { return }

        let more = link.receive(stamp())
        let stillSubscribed = lock.withLock {
            let stillSubscribed = self.link != nil  // not cancelled from inside receive
            if last {
                release()
            } else if stillSubscribed {
                requested += more
            }
            return stillSubscribed
        }
        if last, stillSubscribed {
            link.receive(completion: .finished)
        }
    }
    // snippet.end

    // snippet.timer-source-cancel
    func cancel() {
        lock.withLock { release() }
    }

    /// Stops the ticks and drops the link. Call with the lock held.
    private func release() {
        ticking?.cancel()
        ticking = nil
        link = nil
    }
    // snippet.end
}
