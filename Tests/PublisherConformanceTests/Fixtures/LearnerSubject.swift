import CustomCombine

/// Chapter 3's `CustomSubject` as a reader writes it from the chapter and its hints: public
/// API only (`CustomSubscription`, `@Atomic`, a membership of its own), so the kit sees what
/// it sees under `workbook test 03 --mine`. Each mistake is one a reader made or can make;
/// with none, the subject orders its handshake as chapter 3 teaches and must pass the kit.
final class LearnerSubject<Output, Failure: Error>: Subject, @unchecked Sendable {
    enum Mistake {
        /// None: the subscription first, then joining the list (chapter 3's ordering).
        case none
        /// Joins the list, then hands over the subscription: a completion sent from another
        /// thread in between reaches the subscriber before its subscription.
        case registersBeforeHandshake
        /// The membership's `cancel()` does nothing: the list keeps every cancelled link.
        case neverRemoves
        /// Calls its subscribers while holding the state's lock: a subscriber that cancels
        /// from inside `receive(_:)` waits for that lock forever.
        case callsUnderLock
        /// Its behavior delivers every value, whatever the demand.
        case ignoresDemand
        /// The subscription first, then joining the list, but no note of a subscriber that
        /// cancelled during its handshake: it joins, cancelled, and stays until completion.
        case joinsAfterCancelling
    }

    typealias Link = CustomSubscription<Behavior>

    final class Behavior: SubscriptionBehavior {
        typealias Input = Output
        typealias OutputFailure = Failure

        var demand = Subscribers.Demand.none
        var upstream: Subscription?
        let downstream: AnySubscriber<Output, Failure>
        let ignoresDemand: Bool

        init(downstream: AnySubscriber<Output, Failure>, ignoresDemand: Bool) {
            self.downstream = downstream
            self.ignoresDemand = ignoresDemand
        }

        func receive(_ input: Output) -> Subscribers.Demand {
            guard ignoresDemand || demand > 0 else { return .none }
            if demand > 0 { demand -= 1 }
            let more = downstream.receive(input)
            demand += more
            return more
        }
    }

    /// The subscriber's place in the subject, the link's upstream (chapter 3's hint 2).
    final class Membership: Subscription {
        let leave: () -> Void

        init(leave: @escaping () -> Void) {
            self.leave = leave
        }

        func request(_ demand: Subscribers.Demand) {}

        func cancel() {
            leave()
        }
    }

    struct State {
        var subscribers: [(id: CombineIdentifier, link: Link)] = []
        var completion: Subscribers.Completion<Failure>?
        /// Subscribers that cancelled during their handshake, before they joined.
        var left: Set<CombineIdentifier> = []
    }

    let mistake: Mistake
    @Atomic var state = State()

    init(_ mistake: Mistake = .none) {
        self.mistake = mistake
    }

    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        let behavior = Behavior(
            downstream: AnySubscriber(subscriber), ignoresDemand: mistake == .ignoresDemand)
        let link = Link(behavior: behavior)
        let id = link.combineIdentifier
        if mistake == .registersBeforeHandshake {
            // Chapter 3's old hint 4, word for word.
            let completion = $state.mutate { state -> Subscribers.Completion<Failure>? in
                if state.completion == nil { state.subscribers.append((id, link)) }
                return state.completion
            }
            link.receive(subscription: Membership { self.remove(id) })
            if let completion { link.receive(completion: completion) }
            return
        }
        link.receive(
            subscription: Membership { [mistake] in
                if mistake != .neverRemoves { self.remove(id) }
            })
        let completion = $state.mutate { state -> Subscribers.Completion<Failure>? in
            let left = state.left.remove(id) != nil && mistake != .joinsAfterCancelling
            if state.completion == nil, !left { state.subscribers.append((id, link)) }
            return state.completion
        }
        if let completion { link.receive(completion: completion) }
    }

    private func remove(_ id: CombineIdentifier) {
        $state.mutate { state in
            if let index = state.subscribers.firstIndex(where: { $0.id == id }) {
                state.subscribers.remove(at: index)
            } else if state.completion == nil {
                state.left.insert(id)
            }
        }
    }

    func send(subscription: Subscription) {
        subscription.request(.unlimited)
    }

    func send(_ value: Output) {
        if mistake == .callsUnderLock {
            $state.mutate { state in
                guard state.completion == nil else { return }
                for entry in state.subscribers { _ = entry.link.receive(value) }
            }
            return
        }
        let links = $state.mutate { $0.completion == nil ? $0.subscribers.map(\.link) : [] }
        for link in links { _ = link.receive(value) }
    }

    func send(completion: Subscribers.Completion<Failure>) {
        let links = $state.mutate { state -> [Link] in
            guard state.completion == nil else { return [] }
            state.completion = completion
            defer {
                state.subscribers = []
                state.left = []
            }
            return state.subscribers.map(\.link)
        }
        for link in links { link.receive(completion: completion) }
    }
}
