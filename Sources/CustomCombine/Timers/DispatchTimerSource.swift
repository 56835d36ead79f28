import Dispatch

/// One subscriber's timer, and the upstream of its link: how many ticks are left, how many
/// were asked for, and the dispatch source.
///
/// The source starts on the first request. It ticks only while demand is outstanding, and
/// finishes when no ticks are left. Like a subject, it keeps its state under its own lock
/// and calls the link with no lock held; the link keeps deliveries from overlapping.
/// Cancel stops the source and lets go of the link.
final class DispatchTimerSource: Subscription, @unchecked Sendable {
    typealias Link = CustomSubscription<ForwardingBehavior<DispatchTime, Never>>

    private let lock = Lock()
    private let configuration: DispatchTimerConfiguration
    private var times: Subscribers.Demand
    private var requested = Subscribers.Demand.none
    private var source: DispatchSourceTimer?
    private var link: Link?
    private var completing = false

    init(link: Link, configuration: DispatchTimerConfiguration) {
        self.link = link
        self.configuration = configuration
        self.times = configuration.times
    }

    deinit {
        source?.cancel()
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
            if source == nil {
                let source = DispatchSource.makeTimerSource(queue: configuration.queue)
                source.schedule(
                    deadline: .now() + configuration.interval,
                    repeating: configuration.interval,
                    leeway: configuration.leeway)
                source.setEventHandler { [weak self] in self?.fire() }
                self.source = source
                source.activate()
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
    /// Runs on the source's queue; Dispatch never runs one source's handler concurrently.
    private func fire() {
        let tick: (link: Link, last: Bool)? = lock.withLock {
            guard let link, requested > 0 else { return nil }  // no demand: skip this tick
            requested -= 1
            times -= 1
            let last = times == .none
            if last {
                completing = true  // the completion follows this value
                source?.cancel()
                source = nil
            }
            return (link, last)
        }
        guard let (link, last) = tick else { return }

        let more = link.receive(.now())
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

    /// Stops the source and drops the link. Call with the lock held.
    private func release() {
        source?.cancel()
        source = nil
        link = nil
    }
    // snippet.end
}
