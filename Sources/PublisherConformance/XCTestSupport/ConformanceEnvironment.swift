import Foundation

/// What the kit reads from its environment, named in one place.
public enum ConformanceEnvironment {
    /// Set to `1` by `workbook test --verbose`: every scenario that broke a rule is shown in
    /// full, instead of the first one and a count of the others.
    public static let verboseKey = "WORKBOOK_VERBOSE"

    /// Whether ``verboseKey`` is set to `1`.
    public static var isVerbose: Bool {
        ProcessInfo.processInfo.environment[verboseKey] == "1"
    }
}
