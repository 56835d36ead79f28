import Foundation
import WorkbookContract

/// What the kit reads from its environment, named in one place.
public enum ConformanceEnvironment {
    /// Set to `1` by `workbook test --verbose`: every scenario that broke a rule is shown in
    /// full, instead of the first one and a count of the others.
    public static let verboseKey = WorkbookEnvironment.verbose

    /// Whether rule 1's race 'subscribing races a completion' runs here: it stops a thread at
    /// a chosen moment with a signal, which it can do on Linux and on macOS, outside
    /// ThreadSanitizer.
    public static var racesSubscribingAgainstCompletion: Bool {
        canFreezeThreads
    }

    /// Whether a ``ThreadFreezer`` works here: not under ThreadSanitizer.
    static var canFreezeThreads: Bool {
        ThreadFreezer.isAvailable
    }

    /// Whether ``verboseKey`` is set to `1`.
    public static var isVerbose: Bool {
        ProcessInfo.processInfo.environment[verboseKey] == "1"
    }
}
