import CustomCombine
import Foundation

/// Rule 1 under threads: a completion sent while another thread subscribes must not reach
/// the subscriber before its subscription.
///
/// A subject that registers a subscriber and only then hands it its subscription has a gap
/// between the two, a few hundred nanoseconds wide, in which a completion sent from another
/// thread takes the new subscriber along. No callback of the kit runs inside that gap, and
/// the other thread's way to the subscriber is longer than the subscribing thread's way out
/// of the gap, so two threads merely running at once almost never meet there. The scenario
/// holds the gap open instead. In each trial the subscribing thread arms a timer that stops
/// it (``ThreadFreezer``) at a chosen moment of its `subscribe` call; while it is stopped,
/// the other thread finishes the publisher, then lets it go on. Stopped inside the gap, the
/// subscribing thread cannot win: the completion reaches the subscriber first. The moment
/// is swept over the length of a `subscribe` call from trial to trial (``RaceAim``), so
/// the stops land all along it, the gap included.
///
/// Without a freezer (under ThreadSanitizer) the race is not run, and
/// the run says so on standard error.
extension PublisherConformanceRunner {
    /// Trials per round.
    static var racingTrials: Int { 50 }

    /// Runs `rounds` rounds of trials. A run in which few stops landed inside `subscribe`
    /// (fewer than 5 a round: a machine too busy to aim at anything) says so on standard
    /// error.
    func checkCompletionRacingSubscription(_ findings: Findings) {
        guard isPushed, harness.concurrentSends, harness.make().finish != nil else { return }
        guard ConformanceEnvironment.canFreezeThreads
        else {
            ScenarioTrace.note(
                subject: harness.name,
                "R1's race 'subscribing races a completion' needs a thread freezer, which "
                    + "does not work under ThreadSanitizer: not run")
            return
        }
        let aim = RaceAim()
        for round in 0..<rounds {
            let scenario = findings.begin("subscribing races a completion", round: round)
            raceRound(findings, aim, scenario)
            if findings.hasFailed(.subscriptionFirst) { return }
        }
        if aim.inside < rounds * 5 {
            ScenarioTrace.note(
                subject: harness.name,
                "R1's race stopped the subscribing thread inside subscribe() only "
                    + "\(aim.inside) times in \(rounds) rounds (a busy machine?)")
        }
    }

    private func raceRound(_ findings: Findings, _ aim: RaceAim, _ scenario: String) {
        let trials = Self.racingTrials
        let instances = (0..<trials).map { _ in harness.make() }
        let subscribers = (0..<trials).map {
            recorder("racing subscriber \($0 + 1)", nil, findings)
        }
        let rendezvous = Rendezvous()
        runOnThreads([
            {
                let timer = ThreadFreezer.makeTimer()
                for (trial, instance) in instances.enumerated() {
                    guard rendezvous.meet(trial: trial) else { return }
                    let armed = ThreadFreezer.monotonicNanoseconds()
                    timer?.arm(after: RaceAim.lead)
                    let startAt = armed + aim.startOfSubscribe(trial)
                    while ThreadFreezer.monotonicNanoseconds() < startAt {}
                    let start = ThreadFreezer.monotonicNanoseconds()
                    ThreadFreezer.mark(RaceAim.mark(trial, RaceAim.inside))
                    instance.subscribe(subscribers[trial])
                    ThreadFreezer.mark(RaceAim.mark(trial, RaceAim.after))
                    let end = ThreadFreezer.monotonicNanoseconds()
                    // The timer's signal must land in this trial, not the next.
                    let fired = timer != nil && aim.awaitSignal(armedAt: armed)
                    if !fired { ThreadFreezer.callOff() }
                    ThreadFreezer.mark(RaceAim.mark(trial, RaceAim.done))
                    // A call the timer stopped lasted longer than it takes: not a length.
                    if !(start...end).contains(ThreadFreezer.lastHandled) {
                        aim.measured(subscribe: end - start)
                    }
                }
                // Stays alive until the other thread is done with the last trial.
                _ = rendezvous.meet(trial: trials)
            },
            {
                for (trial, instance) in instances.enumerated() {
                    let expecting = ThreadFreezer.expectFreeze()
                    guard rendezvous.meet(trial: trial) else { return }
                    let stopped = expecting ? ThreadFreezer.awaitFreeze() : nil
                    instance.finish?()
                    if let stopped {
                        // Delivered while the subscribing thread is stopped: it was stopped
                        // after registering (or the subject is wrong); not yet: before.
                        let delivered = subscribers[trial].completionCount > 0
                        ThreadFreezer.thaw()
                        aim.stopped(
                            trial, RaceAim.phase(of: stopped, in: trial),
                            beforeRegistration: !delivered)
                    }
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
    }
}

/// Where in a `subscribe` call each trial of a race stops the subscribing thread.
///
/// A timer is armed ``lead`` nanoseconds ahead, and the thread starts `subscribe` at a time
/// chosen so that the signal interrupts it at an offset into the call. When the interrupt
/// comes after the timer expires is not known, and the thread sees it only later, when its
/// handler runs (a virtual machine adds microseconds), so the start is learnt: a stop that
/// came before `subscribe` started moves it earlier, one that came after the call had
/// returned moves it later.
///
/// Half the trials spread their offsets over the whole call (the median length of the last
/// 15), the other half over an eighth of it around the registration, in a low-discrepancy
/// order (multiples of the golden ratio), so that any few dozen trials cover each range
/// evenly. The registration's offset is learnt too: a stop after which the other thread's
/// completion did not reach the subscriber came before it, one after which it did came
/// after it.
final class RaceAim: @unchecked Sendable {
    /// How long ahead the timer is armed: long enough for arming it (a system call of some
    /// microseconds, tens of them in a busy virtual machine) to be over.
    static let lead = 50_000

    /// Where the subscribing thread is in a trial.
    static let before = 0
    static let inside = 1
    static let after = 2
    static let done = 3

    /// The mark of a trial and a place in it; marks of later trials are larger.
    static func mark(_ trial: Int, _ phase: Int) -> Int {
        (trial + 1) * 4 + phase
    }

    /// Where the subscribing thread was in `trial`, read from its mark.
    static func phase(of mark: Int, in trial: Int) -> Int {
        let marked = mark / 4 - 1
        if marked < trial { return before }
        if marked > trial { return done }
        return mark % 4
    }

    private let lock = NSLock()
    private var shift = 0
    private var lengths: [Int] = []
    private var registration: Int?
    private var offsets: [Int: Int] = [:]
    private var landedInside = 0

    private var length: Int {
        lengths.isEmpty ? 5_000 : lengths.sorted()[lengths.count / 2]
    }

    /// When, counted from arming the timer, the thread should start `subscribe` in `trial`.
    func startOfSubscribe(_ trial: Int) -> Int {
        let fraction = Double(trial / 2) * 0.618_033_988_75
        let spread = fraction - fraction.rounded(.down)
        return lock.withLock {
            let offset: Int
            if trial % 2 == 1, let registration {
                offset = registration + Int((spread - 0.5) * Double(length) / 8)
            } else {
                offset = Int(spread * Double(length))
            }
            offsets[trial] = offset
            return Self.lead + shift - offset
        }
    }

    /// Waits until the signal of the timer armed at `armedAt` has been handled; `false` if
    /// it did not come within a millisecond.
    func awaitSignal(armedAt: Int) -> Bool {
        let deadline = armedAt + Self.lead + 1_000_000
        while ThreadFreezer.lastHandled < armedAt {
            if ThreadFreezer.monotonicNanoseconds() > deadline { return false }
            sched_yield()
        }
        return true
    }

    /// Learns how long `subscribe` took.
    func measured(subscribe nanoseconds: Int) {
        lock.withLock {
            lengths.append(nanoseconds)
            if lengths.count > 15 { lengths.removeFirst() }
        }
    }

    /// Learns from where `trial`'s stop landed.
    func stopped(_ trial: Int, _ phase: Int, beforeRegistration: Bool) {
        lock.withLock {
            switch phase {
            case Self.inside:
                landedInside += 1
                guard let offset = offsets[trial] else { return }
                let step = max(25, length / 32)
                let current = registration ?? offset
                registration = max(0, current + (beforeRegistration ? step : -step))
            case Self.before: shift = max(-Self.lead, shift - 500)
            default: shift = min(Self.lead, shift + 500)
            }
        }
    }

    /// How many stops landed inside `subscribe`.
    var inside: Int {
        lock.withLock { landedInside }
    }
}
