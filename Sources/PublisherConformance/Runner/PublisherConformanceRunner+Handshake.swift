import CustomCombine
import Foundation

/// Rule 1 under threads: a completion sent while another thread subscribes must not reach
/// the subscriber before its subscription.
///
/// A subject that registers a subscriber and only then hands it its subscription has a gap
/// between the two, a few hundred nanoseconds wide, in which a completion sent from another
/// thread takes the new subscriber along. No callback of the kit runs inside that gap, so
/// the scenario holds it open from outside. Each trial starts two threads at once from a
/// ``Rendezvous``: one subscribes to a fresh publisher; the other waits a delay, freezes the
/// subscribing thread wherever it has got to (``ThreadFreezer``), finishes the publisher,
/// and lets the subscribing thread go on. Frozen inside the gap, the subscribing thread
/// cannot win the race, however short the gap: the completion reaches the subscriber first.
///
/// The delay is learnt trial by trial (see ``RaceDelay``) so that the freeze lands where the
/// subscriber is being registered, whatever the speed of the machine or of the publisher.
extension PublisherConformanceRunner {
    /// Trials per round.
    static var racingTrials: Int { 100 }

    func checkCompletionRacingSubscription(_ findings: Findings) {
        guard isPushed, harness.concurrentSends, harness.make().finish != nil else { return }
        let delay = RaceDelay()
        for round in 0..<rounds {
            let scenario = findings.begin("subscribing races a completion", round: round)
            let trials = Self.racingTrials
            let instances = (0..<trials).map { _ in harness.make() }
            let subscribers = (0..<trials).map {
                recorder("racing subscriber \($0 + 1)", nil, findings)
            }
            let rendezvous = Rendezvous()
            let threads = RaceThreads()
            runOnThreads([
                {
                    threads.subscribing = ObjectIdentifier(Thread.current)
                    threads.target = ThreadFreezer.currentThread()
                    for (trial, instance) in instances.enumerated() {
                        guard rendezvous.meet(trial: trial) else { return }
                        spin(nanoseconds: -delay.planned(trial))
                        instance.subscribe(subscribers[trial])
                    }
                    // Stays alive (and so a valid target) until the last freeze is over.
                    _ = rendezvous.meet(trial: trials)
                },
                {
                    for (trial, instance) in instances.enumerated() {
                        let planned = delay.plan(trial)
                        guard rendezvous.meet(trial: trial) else { return }
                        spin(nanoseconds: planned)
                        let frozen = threads.target.map(ThreadFreezer.freeze) ?? false
                        instance.finish?()
                        if frozen { ThreadFreezer.thaw() }
                        // The subscribing thread is done with the previous trial.
                        if trial > 0 { delay.learn(from: subscribers[trial - 1], threads) }
                    }
                    _ = rendezvous.meet(trial: trials)
                },
            ])
            for subscriber in subscribers {
                findings.absorb(subscriber, scenario)
                findings.expect(
                    subscriber.subscriptionCount == 1 && subscriber.completionCount == 1,
                    .subscriptionFirst, scenario,
                    "\(subscriber.subscriptionCount) subscriptions and "
                        + "\(subscriber.completionCount) completions", subscriber)
            }
            if findings.hasFailed(.subscriptionFirst) { return }
        }
    }
}

/// The threads of a race: which one subscribes, and how to freeze it.
final class RaceThreads: @unchecked Sendable {
    private let lock = NSLock()
    private var subscribingThread: ObjectIdentifier?
    private var subscribingTarget: ThreadFreezer.Target?

    var subscribing: ObjectIdentifier? {
        get { lock.withLock { subscribingThread } }
        set { lock.withLock { subscribingThread = newValue } }
    }

    var target: ThreadFreezer.Target? {
        get { lock.withLock { subscribingTarget } }
        set { lock.withLock { subscribingTarget = newValue } }
    }
}

/// How long the finishing thread of a race waits, after the two threads set off, before
/// it freezes the subscribing one; a negative delay makes the subscribing thread wait
/// instead (a signal takes a few microseconds to land, which may be longer than the
/// subscribing thread takes to reach the gap).
///
/// The delay is centred on the boundary between a completion that comes too early (before
/// the subscriber is registered: it gets it as a latecomer, on the subscribing thread) and
/// one that comes too late (after the handshake, on the finishing thread): the gap lies on
/// that boundary. It is learnt from each trial (a stochastic approximation), longer after an
/// early completion, shorter after a late one; the step doubles while the boundary keeps
/// moving one way and halves when it turns, between 25 ns (about the clock's precision) and
/// 4 µs. Around it, trials spread over ``spread`` nanoseconds, since the freeze itself
/// lands with some jitter.
final class RaceDelay: @unchecked Sendable {
    /// How widely trials spread around the boundary.
    static let spread = 2_000

    private let lock = NSLock()
    private var boundary = 0
    private var step = 1_000
    private var lastWasEarly: Bool?
    private var plans: [Int: Int] = [:]

    /// Fixes the delay of `trial` before it starts, for both threads to read: the boundary,
    /// offset in a low-discrepancy order (multiples of the golden ratio) so that any few
    /// dozen trials cover the spread evenly.
    func plan(_ trial: Int) -> Int {
        let fraction = Double(trial) * 0.618_033_988_75
        let offset = (fraction - fraction.rounded(.down) - 0.5) * Double(Self.spread)
        return lock.withLock {
            let delay = boundary + Int(offset)
            plans[trial] = delay
            return delay
        }
    }

    /// The delay fixed for `trial`.
    func planned(_ trial: Int) -> Int {
        lock.withLock { plans[trial] ?? 0 }
    }

    /// Learns from a trial once it is over; a trial that broke the rule teaches nothing.
    func learn<Output, Failure>(
        from subscriber: RecordingSubscriber<Output, Failure>, _ threads: RaceThreads
    ) {
        guard subscriber.violations.isEmpty, let thread = subscriber.completionThread else {
            return
        }
        let early = thread == threads.subscribing
        lock.withLock {
            if let lastWasEarly {
                step = lastWasEarly == early ? min(4_000, step * 2) : max(25, step / 2)
            }
            lastWasEarly = early
            boundary += early ? step : -step
        }
    }
}
