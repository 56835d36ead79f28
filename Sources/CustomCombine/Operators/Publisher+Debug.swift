extension Publisher {
    /// Prints one line per event passing through this point of a chain, so a test can see
    /// when a subscription arrives, when demand travels up and when values travel down.
    ///
    /// Every line starts with `prefix` and a space (when `prefix` is not empty), then the
    /// call site and `: `, then one of:
    ///
    /// - `subscription` when the subscription passes downstream,
    /// - `request unlimited` or `request max(N)` when demand passes upstream,
    /// - `output V` for a value (`V` printed with `String(describing:)`),
    /// - `completion finished` or `completion failure(E)` for the completion,
    /// - `cancel` when the subscription is cancelled.
    ///
    /// The call site is `label` when given, else `function, line N` naming the caller. In
    /// a chapter `#line` is the Markdown line, so an example whose output is checked passes
    /// a `label`: its expected output then survives edits above it.
    ///
    /// For example `testQueue(), line 12: request unlimited`, with the label `"subject"`
    /// `subject: request unlimited`, or with the prefix `"A"` as well `A subject: output 1`.
    /// The format is stable, so examples can match it.
    public func debug(
        _ label: String? = nil,
        prefix: String = "",
        function: String = #function,
        line: Int = #line
    ) -> Publishers.HandleEvents<Self> {
        // snippet.debug
        let site = label ?? "\(function), line \(line)"
        let head = "\(prefix.isEmpty ? "" : prefix + " ")\(site): "
        return handleEvents(
            receiveSubscription: { _ in Swift.print(head + "subscription") },
            receiveOutput: { Swift.print(head + "output \($0)") },
            receiveCompletion: { completion in
                if case .failure(let error) = completion {
                    Swift.print(head + "completion failure(\(error))")
                } else {
                    Swift.print(head + "completion finished")
                }
            },
            receiveCancel: { Swift.print(head + "cancel") },
            receiveRequest: { demand in
                let amount = demand == .unlimited ? "unlimited" : "max(\(demand.max ?? 0))"
                Swift.print(head + "request " + amount)
            }
        )
        // snippet.end
    }
}
