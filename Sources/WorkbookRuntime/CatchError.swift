/// Runs an example's code and returns the error it threw, if any, so the generated test
/// can report it at the example's Markdown line after the output it printed, instead of
/// letting XCTest report it nowhere in particular.
package func catchError(_ body: () throws -> Void) -> (any Error)? {
    do {
        try body()
        return nil
    } catch {
        return error
    }
}

/// The same for an example that uses `await`.
package func catchError(_ body: () async throws -> Void) async -> (any Error)? {
    do {
        try await body()
        return nil
    } catch {
        return error
    }
}
