import CustomCombine
import Dispatch
import PublisherConformance

/// Harnesses for CustomCombine's publishers and subscribers, added as the library
/// components land on main.
enum LibraryCatalog {
    static func customSubject() -> PublisherHarness<Int, TestFailure> {
        PublisherHarness(
            name: "CustomSubject", delivery: .pushed, rules: ConformanceRule.publisherRules,
            multicast: true, tag: { $0 },
            make: {
                let subject = CustomSubject<Int, TestFailure>()
                return PublisherInstance(subject: subject, failure: TestFailure.init)
            })
    }

    static func customScan() -> PublisherHarness<ScanState, TestFailure> {
        PublisherHarness(
            name: "CustomScan(CustomSubject)", delivery: .pushed,
            rules: ConformanceRule.publisherRules.subtracting([.multicastReplay, .stress]),
            tag: { $0.latest },
            make: {
                let subject = CustomSubject<Int, TestFailure>()
                let scan = CustomScan(upstream: subject, initialResult: ScanState()) {
                    ScanState(count: $0.count + 1, latest: $1)
                }
                return PublisherInstance(
                    scan, emit: { subject.send($0) },
                    finish: { subject.send(completion: .finished) },
                    fail: { subject.send(completion: .failure(TestFailure())) },
                    retaining: [subject])
            })
    }

    static func shareReplay() -> PublisherHarness<Int, TestFailure> {
        PublisherHarness(
            name: "ShareReplay(capacity: 4)", delivery: .pushed,
            rules: ConformanceRule.publisherRules,
            multicast: true, replay: .init(capacity: 4, afterCompletion: true), tag: { $0 },
            make: {
                let subject = CustomSubject<Int, TestFailure>()
                return PublisherInstance(
                    subject.shareReplay(capacity: 4), emit: { subject.send($0) },
                    finish: { subject.send(completion: .finished) },
                    fail: { subject.send(completion: .failure(TestFailure())) },
                    retaining: [subject])
            })
    }

    /// A slider's `.valueChanged` events; like UIKit controls it is driven from one thread.
    static func eventPublisher() -> PublisherHarness<Slider, Never> {
        .controlEvents(
            named: "EventPublisher", tag: { Int($0.value) },
            make: {
                let slider = Slider(value: -1)
                return (slider.publisher(for: .valueChanged), { slider.value = Float($0) }, slider)
            })
    }

    static func dispatchTimer() -> PublisherHarness<DispatchTime, Never> {
        .timer(named: "DispatchTimer(times: 5)", ticks: 5, every: 0.02) {
            Publishers.timer(interval: .milliseconds(20), times: $0)
        }
    }

    static func bufferSubject() -> PublisherHarness<Int, TestFailure> {
        PublisherHarness(
            name: "BufferSubject(limit: 4)", delivery: .pushed,
            rules: ConformanceRule.publisherRules,
            multicast: true,
            replay: .init(capacity: 4, afterCompletion: true), tag: { $0 },
            make: {
                let subject = BufferSubject<Int, TestFailure>(limit: 4, whenFull: .dropOldest)
                return PublisherInstance(subject: subject, failure: TestFailure.init)
            })
    }

    /// Two upstream subjects merged; even values go through one, odd through the other.
    /// MergeInput never completes (it drops finished upstreams), so it has no finish lever.
    static func mergeInput() -> PublisherHarness<Int, Never> {
        .collecting(named: "MergeInput") {
            MergeInput<Int>()
        } connect: {
            $0.merge(into: $1)
        }
    }

    static func customDemandSink() -> SubscriberHarness {
        SubscriberHarness(name: "CustomDemandSink(demand: 3)") {
            let sink = CustomDemandSink<Int, Never>(
                demand: 3, receiveValue: { _ in }, receiveCompletion: { _ in })
            return .init(sink, cancel: { sink.cancel() })
        }
    }

    static func customSink() -> SubscriberHarness {
        SubscriberHarness(name: "CustomSink") {
            let sink = CustomSink<Int, Never>(
                receiveCompletion: { _ in }, receiveValue: { _ in })
            return .init(sink, cancel: { sink.cancel() })
        }
    }

    static func pausableSubscriber() -> SubscriberHarness {
        SubscriberHarness(name: "PausableSubscriber") {
            let subscriber = PausableSubscriber<Int, Never>(
                receiveValue: { _ in true }, receiveCompletion: { _ in })
            return .init(subscriber, cancel: { subscriber.cancel() })
        }
    }

    static func addViolations(to table: inout [String: () -> Never]) {
        ProbeRegistry.add(customSubject(), to: &table)
        ProbeRegistry.add(customScan(), to: &table)
        ProbeRegistry.add(shareReplay(), to: &table)
        ProbeRegistry.add(eventPublisher(), to: &table)
        ProbeRegistry.add(dispatchTimer(), to: &table)
        ProbeRegistry.add(bufferSubject(), to: &table)
        ProbeRegistry.add(mergeInput(), to: &table)
    }
}
