import Dispatch

/// One subscriber's timer: how many ticks are left, how many were requested, the dispatch
/// source, and the subscriber.
///
/// The source starts on the first request. It ticks only while demand is outstanding, and
/// finishes when no ticks are left. Cancel stops the source and lets go of the subscriber.
final class DispatchTimerSubscription<S: Subscriber>: Subscription, @unchecked Sendable
where S.Input == DispatchTime, S.Failure == Never {
    private let lock = Lock()
    private let configuration: DispatchTimerConfiguration
    private var times: Subscribers.Demand
    private var requested = Subscribers.Demand.none
    private var source: DispatchSourceTimer?
    private var subscriber: S?
    private var completing = false

    init(subscriber: S, configuration: DispatchTimerConfiguration) {
        self.subscriber = subscriber
        self.configuration = configuration
        self.times = configuration.times
    }

    deinit {
        source?.cancel()
    }

    // snippet.timer-subscription-request
    func request(_ demand: Subscribers.Demand) {
        lock.lock()
        guard let subscriber, !completing else {
            lock.unlock()
            return
        }
        guard times > 0 else {
            // Nothing left to emit: finish now instead of starting a timer.
            release()
            lock.unlock()
            subscriber.receive(completion: .finished)
            return
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
        lock.unlock()
    }
    // snippet.end

    /// Finishes a timer that has no ticks left, unless a request from inside
    /// `receive(subscription:)` already did.
    func finishIfExhausted() {
        lock.lock()
        guard times == .none, let subscriber, !completing else {
            lock.unlock()
            return
        }
        release()
        lock.unlock()
        subscriber.receive(completion: .finished)
    }

    // snippet.timer-subscription-fire
    /// Runs on the source's queue; Dispatch never runs one source's handler concurrently.
    private func fire() {
        lock.lock()
        guard let subscriber, requested > 0 else {
            lock.unlock()
            return  // no demand: skip this tick
        }
        requested -= 1
        times -= 1
        let last = times == .none
        if last {
            completing = true  // the completion follows this value
            source?.cancel()
            source = nil
        }
        lock.unlock()

        let more = subscriber.receive(.now())
        lock.lock()
        let stillSubscribed = self.subscriber != nil  // not cancelled from inside receive
        if last {
            release()
        } else if stillSubscribed {
            requested += more
        }
        lock.unlock()
        if last, stillSubscribed {
            subscriber.receive(completion: .finished)
        }
    }
    // snippet.end

    // snippet.timer-subscription-cancel
    func cancel() {
        lock.withLock { release() }
    }

    /// Stops the source and drops the subscriber. Call with the lock held.
    private func release() {
        source?.cancel()
        source = nil
        subscriber = nil
    }
    // snippet.end
}
