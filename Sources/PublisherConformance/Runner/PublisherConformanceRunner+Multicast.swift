import CustomCombine
import Foundation

/// Rules 10 and 11: several subscribers of one publisher, and subscribers that come late.
extension PublisherConformanceRunner {
    func checkMulticastReplay(_ findings: Findings) {
        guard isPushed, harness.multicast else {
            findings.skip(.multicastReplay, "not multicast")
            return
        }
        var scenario = findings.begin("three subscribers, twenty values")
        let instance = harness.make()
        let subscribers = (0..<3).map { recorder("multicast \($0)", .unlimited, findings) }
        subscribers.forEach { instance.subscribe($0) }
        emit(instance, 0..<20)
        instance.finish?()
        let reference = subscribers[0].tags
        findings.expect(
            Set(0..<20).isSubset(of: Set(reference)), .multicastReplay, scenario,
            "the first subscriber missed values", subscribers[0])
        for subscriber in subscribers.dropFirst() {
            findings.expect(
                subscriber.tags == reference, .multicastReplay, scenario,
                "sequences differ: \(subscriber.tags) vs \(reference)", subscriber)
        }
        subscribers.forEach { findings.absorb($0, scenario) }
        withExtendedLifetime(instance) {}

        guard harness.concurrentSends else { return }
        let count = 100
        for round in 0..<rounds {
            scenario = findings.begin("subscribing races sending", round: round)
            let instance = harness.make()
            let anchor = recorder("anchor", .unlimited, findings)
            instance.subscribe(anchor)
            let late = recorder("racing subscriber", .unlimited, findings)
            let lateBox = Unchecked(value: late)
            let group = DispatchGroup()
            DispatchQueue.global().async(group: group) { instance.subscribe(lateBox.value) }
            emit(instance, 0..<count)
            group.wait()
            let tags = late.tags
            let once = tags.reduce(into: [Int]()) { kept, tag in
                if kept.last != tag { kept.append(tag) }
            }
            findings.expect(
                once == tags, .multicastReplay, scenario,
                "the racing subscriber received a value twice in a row: \(tags)", late)
            let consecutive = zip(once, once.dropFirst()).allSatisfy { $1 == $0 + 1 }
            findings.expect(
                consecutive && (once.last ?? count - 1) == count - 1, .multicastReplay, scenario,
                "the racing subscriber saw a gap or a lost tail: \(tags)", late)
            if let replay = harness.replay {
                findings.expect(
                    tags.count >= min(replay.capacity, count), .multicastReplay, scenario,
                    "replay shorter than its capacity \(replay.capacity): \(tags.count)", late)
            }
            findings.expect(
                deliveredExactlyOnce(anchor.tags, Array(0..<count)), .multicastReplay, scenario,
                "the anchor subscriber lost values", anchor)
            findings.absorb(late, scenario)
            findings.absorb(anchor, scenario)
            late.cancel()
            anchor.cancel()
            if findings.hasFailed(.multicastReplay) { return }
        }
    }

    func checkLateSubscriber(_ findings: Findings) {
        let instance = harness.make()
        guard isPushed, instance.finish != nil else {
            findings.skip(.lateSubscriber, "not a subject that completes")
            return
        }
        let scenario = findings.begin("subscribe after the completion")
        let anchor = recorder("anchor", .unlimited, findings)
        instance.subscribe(anchor)
        emit(instance, 0..<6)
        instance.finish?()
        let late = recorder("late subscriber", .unlimited, findings)
        instance.subscribe(late)
        var expected: [Int] = []
        if let replay = harness.replay, replay.afterCompletion {
            expected = Array(anchor.tags.suffix(replay.capacity))
        }
        findings.expect(
            late.subscriptionCount == 1, .lateSubscriber, scenario,
            "\(late.subscriptionCount) subscriptions", late)
        findings.expect(
            late.tags == expected, .lateSubscriber, scenario,
            "replayed \(late.tags), expected \(expected)", late)
        findings.expect(
            late.completionCount == 1, .lateSubscriber, scenario,
            "\(late.completionCount) completions", late)
        findings.absorb(late, scenario)
        withExtendedLifetime(instance) {}
    }
}
