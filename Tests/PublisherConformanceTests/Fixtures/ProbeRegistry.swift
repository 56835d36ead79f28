import PublisherConformance

/// Maps harness names to the rule 13 violation the child process performs, and builds the
/// parent-side probes that launch that child.
enum ProbeRegistry {
    static let helperIdentifier =
        "PublisherConformanceTests.RequestNoneProbeTests/testRequestNoneChildHelper"

    static func probe(_ name: String) -> () -> RuleOutcome {
        { RequestNoneProbe.runChild(target: name, testIdentifier: helperIdentifier) }
    }

    static func add<Output, Failure>(
        _ harness: PublisherHarness<Output, Failure>, to table: inout [String: () -> Never]
    ) {
        table[harness.name] = { RequestNoneProbe.perform(on: harness) }
    }

    static func violations() -> [String: () -> Never] {
        var table: [String: () -> Never] = [:]
        func add<Output, Failure>(_ harness: PublisherHarness<Output, Failure>) {
            Self.add(harness, to: &table)
        }
        add(TrustedCatalog.passthroughSubject())
        add(TrustedCatalog.currentValueSubject())
        add(TrustedCatalog.scan())
        add(TrustedCatalog.just())
        add(TrustedCatalog.sequence())
        add(TrustedCatalog.failingSequence())
        add(FixtureCatalog.flawed([], name: "FlawedSubject (no flaws)"))
        add(FixtureCatalog.flawed(.takesNoneAsUnlimited, name: "FlawedSubject (none as unlimited)"))
        LibraryCatalog.addViolations(to: &table)
        return table
    }
}
