import CustomCombine

/// Rules 1 to 5: the order of signals, demand, and completion.
extension PublisherConformanceRunner {
    func checkSubscriptionFirst(_ findings: Findings) {
        let scenario = findings.begin("subscribe, emit, finish")
        let instance = harness.make()
        let subscriber = recorder("subscriber", .unlimited, findings)
        instance.subscribe(subscriber)
        emit(instance, 0..<2)
        instance.finish?()
        if let interval {
            _ = findings.eventually {
                subscriber.values.count >= 2 || subscriber.completionCount > 0
            }
            settle(interval * 2)
        }
        findings.expect(
            subscriber.subscriptionCount == 1, .subscriptionFirst, scenario,
            "expected exactly one subscription, got \(subscriber.subscriptionCount)", subscriber)
        findings.absorb(subscriber, scenario)
        subscriber.cancel()
        withExtendedLifetime(instance) {}
        checkCompletionRacingSubscription(findings)
    }

    func checkDemandBound(_ findings: Findings) {
        var scenario = findings.begin("zero demand, then max(2)")
        let instance = harness.make()
        let subscriber = recorder("unrequested", nil, findings)
        instance.subscribe(subscriber)
        emit(instance, 0..<3)
        if let interval { settle(interval * 3) }
        findings.expect(
            subscriber.values.isEmpty, .demandBound, scenario,
            "\(subscriber.values.count) values delivered without any request", subscriber)
        subscriber.request(.max(2))
        emit(instance, 3..<7)
        if let interval {
            _ = findings.eventually { subscriber.values.count >= 2 }
            settle(interval * 3)
        }
        findings.expect(
            subscriber.values.count <= 2, .demandBound, scenario,
            "\(subscriber.values.count) values delivered for max(2)", subscriber)
        if let count = pulledCount {
            findings.expect(
                subscriber.values.count == min(2, count), .demandBound, scenario,
                "a demand-driven source delivered \(subscriber.values.count) values for max(2)",
                subscriber)
        }
        findings.absorb(subscriber, scenario)
        subscriber.cancel()

        scenario = findings.begin("max(1) returned from every receive(_:)")
        let second = harness.make()
        let returning = recorder("returning max(1)", .max(1), findings) { _, _ in .max(1) }
        second.subscribe(returning)
        emit(second, 0..<5)
        expectOneAtATimeFlows(
            returning, through: "returned demand", .demandBound, scenario, findings)
        findings.absorb(returning, scenario)
        returning.cancel()
        withExtendedLifetime((instance, second)) {}
    }

    func checkStepwiseDemand(_ findings: Findings) {
        let scenario = findings.begin("three steps of max(1), then unlimited")
        let instance = harness.make()
        let subscriber = recorder("stepper", nil, findings)
        instance.subscribe(subscriber)
        for step in 1...3 {
            subscriber.request(.max(1), context: "step \(step)")
            emit(instance, [step * 10, step * 10 + 1])
            if interval != nil {
                let reached = findings.eventually { subscriber.values.count >= step }
                findings.expect(
                    reached, .stepwiseDemand, scenario, "step \(step) never delivered its value",
                    subscriber)
            }
            let expected = pulledCount.map { min(step, $0) } ?? step
            findings.expect(
                subscriber.values.count <= expected, .stepwiseDemand, scenario,
                "after \(step) x max(1): \(subscriber.values.count) values", subscriber)
            if interval == nil {
                findings.expect(
                    subscriber.values.count == expected, .stepwiseDemand, scenario,
                    "after \(step) x max(1): \(subscriber.values.count) values, expected \(expected)",
                    subscriber)
            }
        }
        if let interval {
            settle(interval * 3)
            findings.expect(
                subscriber.values.count == 3, .stepwiseDemand, scenario,
                "a timed source delivered \(subscriber.values.count) values for 3 x max(1)",
                subscriber)
        }
        let before = subscriber.tags.count
        subscriber.request(.unlimited, context: "absorb everything")
        if isPushed {
            emit(instance, 100..<105)
            let after = subscriber.tags.dropFirst(before).filter { (100..<105).contains($0) }
            findings.expect(
                after == Array(100..<105), .stepwiseDemand, scenario,
                "after .unlimited, values 100..<105 arrived as \(after)", subscriber)
        } else if let count = pulledCount {
            findings.expect(
                subscriber.values.count == count && subscriber.completionCount == 1,
                .stepwiseDemand, scenario, "after .unlimited the source was not drained",
                subscriber)
        } else if let count = timedCount {
            let finished = findings.eventually { subscriber.completionCount > 0 }
            findings.expect(
                finished && subscriber.values.count == count, .stepwiseDemand, scenario,
                "after .unlimited: \(subscriber.values.count) of \(count) values", subscriber)
        }
        findings.absorb(subscriber, scenario)
        subscriber.cancel()
        withExtendedLifetime(instance) {}
    }

    func checkSingleCompletion(_ findings: Findings) {
        let scenario = findings.begin("finish, then emit, finish and fail again")
        let instance = harness.make()
        guard canComplete(instance) else {
            findings.skip(.singleCompletion, "never completes")
            return
        }
        let subscriber = recorder("subscriber", .unlimited, findings)
        instance.subscribe(subscriber)
        emit(instance, 0..<2)
        instance.finish?()
        emit(instance, [2])
        instance.finish?()
        instance.fail?()
        if let interval {
            _ = findings.eventually { subscriber.completionCount > 0 }
            settle(interval * 3)
        }
        findings.expect(
            subscriber.completionCount == 1, .singleCompletion, scenario,
            "\(subscriber.completionCount) completions", subscriber)
        findings.absorb(subscriber, scenario)
        withExtendedLifetime(instance) {}
    }

    func checkCompletionWithoutDemand(_ findings: Findings) {
        let demands: [(String, Subscribers.Demand?)] = [("no request", nil), ("max(1)", .max(1))]
        var sources: [(String, () -> PublisherInstance<Output, Failure>, Bool)] = []
        if isPushed {
            let probe = harness.make()
            if probe.finish != nil {
                sources.append(("finish", { harness.make() }, false))
            }
            if probe.fail != nil {
                sources.append(("fail", { harness.make() }, true))
            }
        } else {
            if let makeEmpty = harness.makeEmpty {
                sources.append(("empty source", makeEmpty, false))
            }
            if let makeFailing = harness.makeFailing {
                sources.append(("failing source", makeFailing, true))
            }
        }
        guard !sources.isEmpty else {
            findings.skip(.completionWithoutDemand, "cannot be made to complete without values")
            return
        }
        for (source, make, failing) in sources {
            for (label, demand) in demands {
                let scenario = findings.begin("\(source), \(label)")
                let instance = make()
                let subscriber = recorder(label, demand, findings)
                instance.subscribe(subscriber)
                if isPushed {
                    if failing { instance.fail?() } else { instance.finish?() }
                }
                if interval != nil {
                    _ = findings.eventually(timeout: 5) { subscriber.completionCount > 0 }
                }
                findings.expect(
                    subscriber.completionCount == 1 && subscriber.failed == failing,
                    .completionWithoutDemand, scenario,
                    "expected one \(failing ? "failure" : "finished") completion", subscriber)
                findings.absorb(subscriber, scenario)
                subscriber.cancel()
                withExtendedLifetime(instance) {}
            }
        }
    }
}
