import Foundation
import WorkbookContract

/// The Combine implementations a chapter can record what it observed on.
///
/// The workbook's tests run on OpenCombine 0.14 on Linux, where CI runs them; on a Mac the
/// same tests run on Apple's Combine, which nobody here has observed. Where the two may
/// differ, a test records what each implementation was seen to do (``expectObserved(_:_:_:file:line:)``):
/// the recording for the running implementation is asserted, and with none the result is
/// reported as an observation instead of a failure.
package enum CombineImplementation: String, CaseIterable, Sendable, CustomStringConvertible {
    /// OpenCombine 0.14, as the workbook's tests run on Linux (and in CI).
    case openCombine = "opencombine"
    /// Combine as shipped with macOS 10.15 in 2019, as the reference texts report it. Never
    /// the one running: its recordings are shown, not asserted.
    case combine2019 = "combine2019"
    /// Apple's Combine, running on this Mac.
    case apple = "apple"
    /// An implementation with no name here: what `WORKBOOK_COMBINE=other` makes the tests
    /// believe, so that the observation path is exercised on Linux.
    case other = "other"

    /// How reports name it.
    package var description: String {
        switch self {
        case .openCombine: "OpenCombine 0.14 (Linux)"
        case .combine2019: "2019 Combine (macOS 10.15), as the reference reports"
        case .apple: "Apple's Combine (this Mac)"
        case .other: "an implementation with no recording (WORKBOOK_COMBINE=other)"
        }
    }

    /// The implementation these tests run on, decided as `OpenCombineShim` decides it:
    /// Apple's Combine wherever it can be imported, OpenCombine elsewhere; with
    /// `WORKBOOK_COMBINE=other` in the environment, ``other``.
    package static var current: CombineImplementation {
        if ProcessInfo.processInfo.environment[WorkbookEnvironment.combine] == "other" {
            return .other
        }
        #if canImport(Combine)
        return .apple
        #else
        return .openCombine
        #endif
    }
}
