extension Control {
    /// The link between one control and one subscriber: a target of the control that counts
    /// demand and forwards events only while some is outstanding.
    ///
    /// The control holds its targets weakly, so the subscription keeps itself alive until it
    /// is cancelled, as a subject keeps its subscriptions: a subscriber need not store it.
    final class EventSubscription<C: Control, S: Subscriber>: Subscription, ControlTarget,
        @unchecked Sendable
    where S.Input == C, S.Failure == Never {
        static var action: Control.Action { "eventSubscriptionFired" }

        private let lock = Lock()
        private var subscriber: S?
        private var control: C?
        private let events: Control.Event
        private var demand = Subscribers.Demand.none
        private var delivering = false
        private var pending = 0
        private var keepAlive: EventSubscription?

        init(subscriber: S, control: C, events: Control.Event) {
            self.subscriber = subscriber
            self.control = control
            self.events = events
            keepAlive = self
        }

        // snippet.event-subscription-request
        func request(_ demand: Subscribers.Demand) {
            lock.withLock {
                guard subscriber != nil else { return }
                self.demand += demand
            }
        }
        // snippet.end

        // snippet.event-subscription-cancel
        func cancel() {
            let control = lock.withLock {
                defer {
                    subscriber = nil
                    self.control = nil
                    keepAlive = nil
                }
                return self.control
            }
            control?.removeTarget(self, action: Self.action, for: events)
        }
        // snippet.end

        // snippet.event-subscription-deliver
        func perform(_ action: Control.Action, sender: Control, for event: Control.Event) {
            lock.lock()
            guard subscriber != nil, demand > 0 else {
                lock.unlock()
                return  // no demand: a control cannot hold the event back, so it is dropped
            }
            demand -= 1
            guard !delivering else {
                pending += 1  // the running delivery below sends it: one call at a time
                lock.unlock()
                return
            }
            delivering = true
            while let subscriber, let control {
                lock.unlock()
                let more = subscriber.receive(control)
                lock.lock()
                if self.subscriber != nil { demand += more }
                guard pending > 0 else { break }
                pending -= 1
            }
            delivering = false
            pending = 0
            lock.unlock()
        }
        // snippet.end
    }
}
